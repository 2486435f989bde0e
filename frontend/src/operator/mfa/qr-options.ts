import type { QRCodeToStringOptions } from 'qrcode';

/**
 * How the enrolment page draws the otpauth QR code. Shared with the browser test, which encodes the
 * URI with the same options and expects the same picture.
 */
export const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#1f2933', light: '#ffffff' },
} as const satisfies QRCodeToStringOptions;
