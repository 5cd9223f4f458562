import { useTranslation } from '../lib/translator/react.ts';

/** The first stop of the keyboard: jumps past the header to the page's content (WCAG 2.4.1). */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        // Focus, not just scroll: the next Tab continues inside the content.
        event.preventDefault();
        const main = document.getElementById(target);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
