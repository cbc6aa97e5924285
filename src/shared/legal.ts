/** Date of the current revision of the terms of service and privacy policy. */
export const LEGAL_UPDATED = '2026-11-01';
