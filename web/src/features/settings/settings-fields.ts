import { ZProductSettings, type TProductSettings } from '@tonnage/contracts';

export type NumericSetting = Exclude<keyof TProductSettings, 'defaultLanguage'>;

export interface NumericField {
  name: NumericSetting;
  min: number;
  max: number;
  integer: boolean;
  /** i18n key of the unit shown after the value. */
  unit: 'hours' | 'days' | 'attempts' | 'minutes' | 'mb';
}

const units: Record<NumericSetting, NumericField['unit']> = {
  sessionHours: 'hours',
  rememberMeDays: 'days',
  loginMaxAttempts: 'attempts',
  loginBlockMinutes: 'minutes',
  passwordMaxAgeDays: 'days',
  resetTokenMinutes: 'minutes',
  imageMaxMb: 'mb',
  documentMaxMb: 'mb',
};

/** The numeric product settings in form order, with the ranges of ZProductSettings (declared once, there). */
export const numericFields: readonly NumericField[] = (Object.keys(units) as NumericSetting[]).map((name) => {
  const schema = ZProductSettings.shape[name];
  return { name, min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER, integer: schema.isInt, unit: units[name] };
});
