// How staff see a recipient: enough to recognise it, not enough to copy it ("j•••@example.com").

export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  const local = address.slice(0, at);
  return `${local[0]}•••@${address.slice(at + 1).toLowerCase()}`;
}
