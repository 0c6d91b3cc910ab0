/**
 * A new pdfkit document. pdfkit (with fontkit and its brotli decoder, some megabytes of code) is loaded at the first
 * print, not when the server starts: most processes never print, and every module loaded stays in the heap.
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument(options);
}
