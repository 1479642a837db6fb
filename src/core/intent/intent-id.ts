/** An intent ID: a capital letter, capitals or digits, a dash, digits (e.g. INT-001). */
export const intentIdPattern = /^[A-Z][A-Z0-9]*-[0-9]+$/;
