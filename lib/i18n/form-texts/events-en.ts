// English texts of the outbound events' refusals (lib/events/endpoints.ts, url-check.ts, lib/api/schemas/event-endpoints.ts):
// they come back as field errors of the endpoint forms on /admin/events.
export const EVENTS_ERROR_TEXT: Readonly<Record<string, string>> = {
  "events.endpoint.url.invalid": "Enter the full address of the endpoint, such as https://example.com/events (up to 2048 characters).",
  "events.endpoint.url.scheme": "The address must start with https://. Plain http:// is accepted in sandbox mode only.",
  "events.endpoint.url.userinfo": "Remove the user name and password from the address; events are signed with the signing secret instead.",
  "events.endpoint.url.private_address":
    "This address is inside a private network (such as localhost, 10.x or 192.168.x), which is refused in live mode. Use the endpoint's public address.",
  "events.endpoint.url.unresolved": "This host name could not be found. Check the address, or try again once its DNS record exists.",
  "events.endpoint.types": "Choose at least one event type, or tick “All events”.",
  "events.endpoint.description": "Keep the description to 200 characters or fewer.",
  "events.endpoint.overlap": "Choose how long the previous secret still works: from 0 to 168 hours.",
};
