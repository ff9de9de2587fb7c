// English texts for a browser whose application a personal link moved to another device (issue #28, item 4), and
// the titles of the pages an application's address shows when it is not open here. zh-CN mirrors this shape.
export const applyMovedEn = {
  title: "Open on another device – {page}",
  missingTitle: "Open your personal link – {page}",
  heading: "This application is now open on {device}",
  since: "(since {time})",
  device: { phone: "your phone", tablet: "your tablet", computer: "your computer", other: "another device" },
  why: "Your personal link was used there. To keep your answers safe, an application is open in one browser at a time. Nothing you saved was lost.",
  wayBack:
    "To continue in this browser, ask for a new personal link: we send it to the email address you gave. Open it here and choose “Continue on this device”; the application then moves back here and closes on {device}.",
  send: "Send me a new link",
  sending: "Sending…",
  sent: "We sent a new link to the email address you gave. It can take a minute to arrive; check your spam folder too.",
  sendAgain: "Send it again",
  limited: "You asked for a new link several times. Please wait {minutes, plural, one {# minute} other {# minutes}} before asking again.",
  failed: "The email could not be sent just now. Please ask again in a moment.",
  noEmail: "This application has no email address yet, so we cannot send you a link. It can only be continued on {device}.",
  mailOff: "It can only be continued on {device}. To move it back here, open the personal link shown there under “Continue later”.",
  gone: "This application can no longer be continued in this browser.",
  homeLead: "An application you started in this browser is now open on another device.",
  homeItem: "{name}, started on {date}: now open on {device}",
  homeAction: "Get it back on this device",
  linkUsed:
    "If this link was used on another device, the application is open there: continue on that device. To continue in the browser where it was open before, open the application there: it offers to email you a new link.",
} as const;
