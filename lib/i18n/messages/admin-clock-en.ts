// English texts of the staff area's one clock: the time zone on the account page and the zone of the day filters. zh-CN mirrors this shape.
export const adminClockEn = {
  daysIn: "Days in {zone}",
  heading: "Your time zone",
  lead: "Every time in the staff area is shown in this zone and names it, and date filters count whole days in it. Your browser's zone was taken at your first sign-in.",
  current: "Times are shown in {zone}.",
  notSet: "No time zone chosen yet: times are shown in UTC.",
  label: "Time zone",
  hint: "A place in your zone, such as Europe/Paris or Asia/Shanghai.",
  choose: "Choose a time zone",
  submit: "Save time zone",
  saved: "Saved: times are now shown in {zone}.",
};
