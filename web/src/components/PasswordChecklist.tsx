import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { passwordChecks } from '@tonnage/contracts';

/** The live checklist of spec section 5, one line per rule, ticked as the password satisfies it. */
export function PasswordChecklist({ password }: { password: string | undefined }) {
  const { t } = useTranslation();
  const value = password ?? '';
  return (
    <ul className="password-checklist" data-testid="password-checklist" aria-label={t('password.checklistTitle')}>
      {passwordChecks.map((check) => {
        const passed = check.test(value);
        return (
          <li key={check.key} className={passed ? 'passed' : 'pending'} data-testid={`password-check-${check.key}`} data-passed={passed}>
            {passed ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            <span>{t(`password.checks.${check.key}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
