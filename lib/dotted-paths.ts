// Dotted paths into nested answers ("identity.front_file_id"), the one reader and writer of them for the
// browser, the server and the tests. Own keys only: "__proto__" or "constructor" never reach the prototype.

export type Tree = Record<string, unknown>;

export const isPlainObject = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a dotted path, or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split(".")) node = isPlainObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  return node;
}

/** A copy of `root` with the value at the dotted path set (undefined leaves the key present but empty). */
export function setPath(root: Tree, path: string, value: unknown): Tree {
  const [head, ...rest] = path.split(".");
  if (!head) return root;
  if (rest.length === 0) return { ...root, [head]: value };
  const child = isPlainObject(root[head]) ? (root[head] as Tree) : {};
  return { ...root, [head]: setPath(child, rest.join("."), value) };
}
