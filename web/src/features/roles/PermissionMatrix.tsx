import { useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Collapse, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language, PermissionGroup } from '@tonnage/contracts';
import { buildMatrix, checkState, PERMISSION_ACTIONS, setFlags, type MatrixGroup, type MatrixRow } from './permission-matrix';

interface PermissionMatrixProps {
  language: Language;
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Text filtering modules by label in the current language. */
  search: string;
  disabled?: boolean;
  /** Whether the editor may tick this flag (the server lets a non-admin grant only flags they hold). */
  canGrant?: (flag: string) => boolean;
}

type Editing = Pick<PermissionMatrixProps, 'value' | 'onChange'> & { disabled: boolean; canGrant: (flag: string) => boolean };

const grantAll = () => true;

/** The sidebar's label of a module group (the customer group is called customerGroup there). */
export function groupLabelKey(group: PermissionGroup): string {
  return `menu.${group === 'customer' ? 'customerGroup' : group}`;
}

/** A select-all box over the flags the editor may change; flags they may not grant are left as they are. */
function SelectAll({ flags, editing, testId, label, children }: { flags: readonly string[]; editing: Editing; testId: string; label?: string; children?: ReactNode }) {
  const { value, onChange, disabled, canGrant } = editing;
  const editable = flags.filter(canGrant);
  const state = checkState(editable, value);
  return (
    <Checkbox
      checked={state.checked}
      indeterminate={state.indeterminate}
      disabled={disabled || editable.length === 0}
      onChange={(event) => onChange(setFlags(value, editable, event.target.checked))}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Checkbox>
  );
}

function FlagBox({ flag, editing, label, children }: { flag: string; editing: Editing; label?: string; children?: ReactNode }) {
  const { value, onChange, disabled, canGrant } = editing;
  return (
    <Checkbox
      checked={value.has(flag)}
      disabled={disabled || !canGrant(flag)}
      onChange={(event) => onChange(setFlags(value, [flag], event.target.checked))}
      aria-label={label}
      data-testid={`permission-${flag}`}
    >
      {children}
    </Checkbox>
  );
}

function GroupTable({ group, editing }: { group: MatrixGroup; editing: Editing }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<MatrixRow> = [
    { key: 'module', title: t('roles.permissions.module'), dataIndex: 'label' },
    {
      key: 'all',
      title: t('roles.permissions.all'),
      width: 72,
      align: 'center',
      render: (_value, row) => (
        <SelectAll flags={row.flags} editing={editing} testId={`permission-row-${row.moduleKey}`} label={t('roles.permissions.selectRow', { module: row.label })} />
      ),
    },
    ...PERMISSION_ACTIONS.map((action) => ({
      key: action,
      title: t(`roles.permissions.actions.${action}`),
      width: 84,
      align: 'center' as const,
      render: (_value: unknown, row: MatrixRow) => {
        const flag = row.cells[action];
        return flag ? <FlagBox flag={flag} editing={editing} label={`${row.label}: ${t(`roles.permissions.actions.${action}`)}`} /> : null;
      },
    })),
  ];
  return (
    <>
      {group.rows.length > 0 && (
        <Table<MatrixRow> rowKey="moduleKey" size="small" columns={columns} dataSource={group.rows} pagination={false} scroll={{ x: 'max-content' }} />
      )}
      {group.specials.length > 0 && (
        <div className="permission-specials">
          {group.specials.map((special) => (
            <FlagBox key={special.flag} flag={special.flag} editing={editing}>
              {special.label}
            </FlagBox>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The whole permission catalogue as a matrix grouped by module group, with select-all per group and per
 * module. While a search is typed, every group with a match is open.
 */
export function PermissionMatrix({ language, value, onChange, search, disabled = false, canGrant = grantAll }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => buildMatrix(language, search), [language, search]);
  const [open, setOpen] = useState<string[]>([]);
  const searching = search.trim() !== '';
  const editing: Editing = { value, onChange, disabled, canGrant };

  if (groups.length === 0) {
    return (
      <div data-testid="role-permissions-matrix">
        <Empty description={t('roles.permissions.noMatch')} />
      </div>
    );
  }
  return (
    <div data-testid="role-permissions-matrix">
      <Collapse
        activeKey={searching ? groups.map((group) => group.group) : open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
        items={groups.map((group) => ({
          key: group.group,
          label: <span data-testid={`permission-group-${group.group}`}>{t(groupLabelKey(group.group))}</span>,
          extra: (
            // The select-all box sits in the panel header; its click must not fold the panel.
            <span className="permission-group-extra" onClick={(event) => event.stopPropagation()}>
              <Tag>{t('roles.permissions.granted', { n: group.flags.filter((flag) => value.has(flag)).length, total: group.flags.length })}</Tag>
              <SelectAll flags={group.flags} editing={editing} testId={`permission-group-all-${group.group}`}>
                {t('roles.permissions.selectAll')}
              </SelectAll>
            </span>
          ),
          children: <GroupTable group={group} editing={editing} />,
        }))}
      />
    </div>
  );
}
