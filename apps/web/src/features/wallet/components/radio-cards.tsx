/**
 * A choice among a few options as cards: real radio inputs (arrow keys move between them, the
 * group has a legend), so it is as keyboard- and reader-friendly as a native control.
 */
import { type ReactNode, useId } from 'react';

export interface RadioCardOption {
  value: string;
  title: ReactNode;
  detail?: ReactNode;
  disabled?: boolean;
}

export function RadioCards({
  legend,
  value,
  options,
  onChange,
  compact,
  className,
}: {
  legend: string;
  value: string | undefined;
  options: RadioCardOption[];
  onChange(value: string): void;
  compact?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className={`wallet-radio-cards${compact ? ' is-compact' : ''}${className ? ` ${className}` : ''}`}
    >
      <legend className="wallet-label">{legend}</legend>
      <div className="wallet-radio-grid">
        {options.map((option) => (
          <label
            key={option.value}
            className="wallet-radio-card"
            data-disabled={option.disabled || undefined}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span className="wallet-radio-title">{option.title}</span>
            {option.detail && <span className="wallet-radio-detail">{option.detail}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
