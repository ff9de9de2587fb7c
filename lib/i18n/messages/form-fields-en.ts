// Texts of the form's own controls (three-part dates, the error title), beside the data-borne catalogs.
export const formFieldsEn = {
  errorTitle: "Error: {title}",
  day: "Day",
  month: "Month",
  year: "Year",
};
