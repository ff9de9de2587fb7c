// English texts of the document photo (issue #28): the check before upload and the save that waits for it.
// zh-CN mirrors this shape (apply-photo-zh-cn.ts).
export const applyPhotoEn = {
  checking: "Checking the photo…",
  question: "Is the whole document visible and sharp?",
  questionHint: "All four corners should show, and you should be able to read every line.",
  previewAlt: "The photo that will be sent",
  ready: "Ready to send: {size}, {width} × {height} pixels, without its location or other hidden details.",
  use: "Use this photo",
  retake: "Retake",
  blurred: "The photo looks blurred. Retake it holding the phone still, in good light, so that every line is sharp.",
  screenshot: "This looks like a screenshot. Retake it: photograph the document itself, not a screen.",
  stillUse: "If every line is easy to read, you can still use it.",
  tooSmall: "The image is too small to read the document (under 600 × 400 pixels). Retake it closer, or choose a larger photo or scan.",
  unreadable: "The image could not be opened. Retake the photo, or choose a JPG, PNG or HEIC file.",
  chooseFirst: "Look at the photo, then choose Use this photo or Retake.",
  waiting: "Waiting for the upload…",
};
