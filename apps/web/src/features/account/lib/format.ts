/** A phone number as people read it: "+971 501234567". */
export function formatPhone(areaCode: string | null, phone: string | null): string {
  if (!phone) return '';
  return areaCode ? `+${areaCode} ${phone}` : phone;
}

/** Hides the middle of a contact detail on screens others may see: "bu***@shop.com", "+86 138****8000". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
