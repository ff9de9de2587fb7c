// The answers of bench/slow-onboarding.mjs's onboarding, by label, and the camera photo it uploads. A label the page
// does not show is skipped, so one script fills the forms from before and after a change of questions.

/** Fills a text box or picks an option of the control labelled `label` in `scope`, when the page shows one. */
async function answer(scope, label, value) {
  const control = scope.getByLabel(label, { exact: true });
  if ((await control.count()) === 0) return;
  const tag = await control.first().evaluate((e) => e.tagName);
  if (tag === "SELECT") await control.first().selectOption(value);
  else await control.first().fill(value);
}

async function date(page, legend, [year, month, day]) {
  const group = page.getByRole("group", { name: legend });
  if ((await group.count()) === 0) return;
  await group.getByLabel("Day", { exact: true }).fill(day);
  await group.getByLabel("Month", { exact: true }).fill(month);
  await group.getByLabel("Year", { exact: true }).fill(year);
}

async function address(page, legend) {
  const group = page.getByRole("group", { name: legend });
  if ((await group.count()) === 0) return;
  await answer(group, "Country", "GB");
  await answer(group, "Address line 1", "221B Baker Street");
  await answer(group, "Town or city", "London");
  await answer(group, "City", "London");
  await answer(group, "Postcode", "NW1 6XE");
}

/** Answers one step of a UK resident's application. */
export async function fillStep(page, step, card) {
  if (step === "about-you") {
    await answer(page, "First name", "Ada");
    await answer(page, "Last name", "Lovelace");
    await date(page, "Date of birth", ["1988", "12", "10"]);
    const gender = page.getByRole("radio", { name: "Female" });
    if ((await gender.count()) > 0) await gender.check();
    await answer(page, "Nationality", "GB");
  } else if (step === "contact") {
    await answer(page, "Email address", `ada.${card}.${Date.now()}@example.com`);
    await answer(page, "Country calling code", "+44");
    await answer(page, "Mobile number", "7700900123");
    await answer(page, "Country of your mobile number", "GB");
  } else if (step === "address") {
    await address(page, "Billing address");
  } else if (step === "identity-document") {
    await answer(page, "Document type", "PASSPORT");
    await answer(page, "Document number", "P1234567");
    await answer(page, "Issuing country", "GB");
    await date(page, "Issue date", ["2021", "05", "01"]);
    await date(page, "Expiry date", ["2031", "05", "01"]);
  }
}

/**
 * A camera-sized photo: 4032x3024 pixels of shapes and sensor-like noise, JPEG at 0.92 (about 2.6 MB), drawn in an
 * unthrottled page with a fixed seed, with an Exif block as a phone writes it (Orientation 6: held upright; a GPS
 * position).
 */
export async function cameraJpeg(browser) {
  const page = await browser.newPage();
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4032, 3024);
    const g = canvas.getContext("2d");
    let seed = 20261127;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
    g.fillStyle = "#c8c2b4";
    g.fillRect(0, 0, 4032, 3024);
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsl(${Math.floor(random() * 360)} 40% ${30 + Math.floor(random() * 50)}%)`;
      g.fillRect(random() * 4032, random() * 3024, 40 + random() * 600, 20 + random() * 200);
    }
    const image = g.getImageData(0, 0, 4032, 3024);
    for (let i = 0; i < image.data.length; i += 4) {
      const n = (random() - 0.5) * 12;
      image.data[i] += n;
      image.data[i + 1] += n;
      image.data[i + 2] += n;
    }
    g.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  await page.close();
  const jpeg = Buffer.from(base64, "base64");
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(), jpeg.subarray(2)]);
}

/** APP1 "Exif": IFD0 with Orientation 6 and a GPS pointer; the GPS IFD with a latitude (51° 31' 25" N). */
function exifSegment() {
  const tiff = Buffer.alloc(80);
  // One 12-byte IFD entry: tag, type (3 SHORT, 4 LONG, 5 RATIONAL), count, value or offset.
  const entry = (at, tag, type, count, value) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  };
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  entry(10, 0x0112, 3, 1, 6);
  entry(22, 0x8825, 4, 1, 38);
  tiff.writeUInt16LE(1, 38);
  entry(40, 0x0002, 5, 3, 56);
  [51, 1, 31, 1, 25, 1].forEach((v, i) => tiff.writeUInt32LE(v, 56 + i * 4));
  const header = Buffer.from("Exif\0\0", "latin1");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(2 + header.length + tiff.length);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, header, tiff]);
}
