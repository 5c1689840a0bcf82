// PDFKit ships no types; the one thing used here is the class, whose font method is wrapped.
declare module "pdfkit" {
  const PDFDocument: unknown;
  export default PDFDocument;
}
