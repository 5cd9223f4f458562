import { z } from 'zod';

/** A brand's colours (see `BrandTheme`), as the console edits them. */
export const brandThemeSchema = z.object({
  primary: z.string(),
  onPrimary: z.string(),
  accent: z.string(),
  header: z.string(),
  footer: z.string(),
  onFooter: z.string(),
});
