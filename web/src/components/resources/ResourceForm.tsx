import { useMemo, useState, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, type FormRule } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldMessages, fieldSchema, fieldScale, type FieldDef, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import { reportFailure, type RawResult } from '../../app/api';
import { fieldErrorsOf } from '../../app/form-errors';
import { parseId } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { NotFoundPage } from '../../features/errors/ErrorPages';
import { resourceKeys, saveResourceRow, useResourceOptions, useResourceRow } from './resource-api';
import { DATE_FORMAT, declarationLanguage, fieldMessage, localized, type DeclarationLanguage } from './resource-text';

type Values = Record<string, unknown>;

/** A date field's form value stays the ISO text; the DatePicker sees a Dayjs. */
const dateValueProps = (value: unknown) => ({ value: typeof value === 'string' && value !== '' ? dayjs(value) : undefined });
const normalizeDate = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined);

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The client rule of one field, from the same contract schema the server checks: blank values are refused
 * only when the field is required; anything else must pass the field's schema. Messages in the current language.
 */
function fieldRule(field: FieldDef, language: DeclarationLanguage): FormRule {
  const present = fieldSchema({ ...field, required: true });
  const fail = (message: string) => Promise.reject(new Error(fieldMessage(field, message, language)));
  return {
    validator: (_rule, value: unknown) => {
      if (isBlank(value)) return field.required && field.kind !== 'boolean' ? fail(fieldMessages(field).required.en) : Promise.resolve();
      const result = present.safeParse(value);
      return result.success ? Promise.resolve() : fail(result.error.issues[0]?.message ?? fieldMessages(field).invalid.en);
    },
  };
}

/** The body of create and update: every declared field, blank values as null (booleans false). */
export function toResourceInput(resource: ResourceDef, values: Values): Values {
  const input: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = values[name];
    if (field.kind === 'boolean') input[name] = value === true;
    else input[name] = isBlank(value) ? null : typeof value === 'string' ? value.trim() : value;
  }
  return input;
}

function initialValues(resource: ResourceDef, row: TResourceRow | null): Values {
  const values: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = row?.[name];
    values[name] = field.kind === 'boolean' ? value === true : (value ?? undefined);
  }
  return values;
}

function ReferenceSelect({ field, row, name, placeholder, ...props }: { field: Extract<FieldDef, { kind: 'reference' }>; row: TResourceRow | null; name: string; placeholder: string; id?: string; value?: number; onChange?: (value: number | undefined) => void }) {
  const options = useResourceOptions(field.resource);
  // The row may refer to a row that has been deactivated since: keep it selectable by its name.
  const current = row?.[name];
  const currentName = row?.[`${name}Name`];
  const all = options.data ?? [];
  const withCurrent = typeof current === 'number' && !all.some((option) => option.value === current) ? [...all, { value: current, label: typeof currentName === 'string' ? currentName : String(current) }] : all;
  return (
    <Select<number>
      {...props}
      allowClear={!field.required}
      showSearch={{ optionFilterProp: 'label' }}
      options={withCurrent}
      loading={options.isFetching}
      placeholder={placeholder}
      data-testid={`resource-form-${name}`}
    />
  );
}

/** The input of one field kind. */
function FieldInput({ name, field, row, language, placeholder }: { name: string; field: FieldDef; row: TResourceRow | null; language: DeclarationLanguage; placeholder: string }): ReactNode {
  const testId = `resource-form-${name}`;
  switch (field.kind) {
    case 'text':
      return <Input maxLength={field.max} autoComplete="off" placeholder={field.example?.(1)} data-testid={testId} />;
    case 'email':
      return <Input type="email" maxLength={50} autoComplete="off" data-testid={testId} />;
    case 'phone':
      return <Input type="tel" maxLength={20} dir="ltr" data-testid={testId} />;
    case 'integer':
      return <InputNumber<number> precision={0} min={field.min} max={field.max} className="resource-number" data-testid={testId} />;
    case 'decimal':
    case 'quantity': {
      const unit = field.kind === 'quantity' ? 'MT' : field.unit ? localized(field.unit, language) : undefined;
      return <InputNumber<number> precision={fieldScale(field)} min={field.min} max={field.max} suffix={unit} className="resource-number" data-testid={testId} />;
    }
    case 'latitude':
    case 'longitude': {
      const limit = field.kind === 'latitude' ? 90 : 180;
      return <InputNumber<number> precision={6} min={-limit} max={limit} className="resource-number" data-testid={testId} />;
    }
    case 'boolean':
      return <Switch data-testid={testId} />;
    case 'enum':
      return (
        <Select<string>
          allowClear={!field.required}
          options={field.options.map((option) => ({ value: option.value, label: localized(option.label, language) }))}
          placeholder={placeholder}
          data-testid={testId}
        />
      );
    case 'reference':
      return <ReferenceSelect field={field} row={row} name={name} placeholder={placeholder} />;
    case 'date':
      // Shown as DD-MMM-YYYY; an ISO date may be typed too.
      return <DatePicker format={[DATE_FORMAT, 'YYYY-MM-DD']} className="resource-date" data-testid={testId} />;
  }
}

export interface ResourceFormProps {
  resource: ResourceDef;
  /** The row being edited; null on add. */
  row: TResourceRow | null;
  onSaved: (saved: unknown) => void;
  onCancel: () => void;
  onSubmit?: (input: Values) => Promise<RawResult>;
}

/** The add and edit form of any declared resource, laid out by its sections and rows. */
export function ResourceForm({ resource, row, onSaved, onCancel, onSubmit }: ResourceFormProps) {
  const { t, i18n } = useTranslation();
  const language = declarationLanguage(i18n.language);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const fieldNames = useMemo(() => Object.keys(resource.fields), [resource]);
  const initial = useMemo(() => initialValues(resource, row), [resource, row]);

  const submit = async (values: Values) => {
    setSaving(true);
    const input = toResourceInput(resource, values);
    const result = await (onSubmit ?? ((body: Values) => saveResourceRow(resource, row?.id ?? null, body)))(input);
    setSaving(false);
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    const errors = fieldErrorsOf(result.error, fieldNames).map(({ name, errors: messages }) => {
      const field = resource.fields[name];
      return { name, errors: field ? messages.map((message) => fieldMessage(field, message, language)) : messages };
    });
    if (errors.length > 0) form.setFields(errors);
    else reportFailure(result.status, result.error);
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} scrollToFirstError data-testid="resource-form">
      {resource.form.sections.map((section, index) => (
        <Card key={section.title.en} type="inner" title={localized(section.title, language)} className={index > 0 ? 'form-section' : undefined}>
          {section.rows.map((names) => (
            <Row gutter={16} key={names.join('-')}>
              {names.map((name) => {
                const field = resource.fields[name];
                if (!field) return null;
                const label = localized(field.label, language);
                return (
                  <Col key={name} xs={24} md={24 / Math.max(2, Math.min(names.length, 4))}>
                    <Form.Item
                      name={name}
                      label={label}
                      required={field.required === true && field.kind !== 'boolean'}
                      rules={[fieldRule(field, language)]}
                      valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
                      normalize={
                        field.kind === 'date'
                          ? normalizeDate
                          : field.kind === 'text' && field.upperCase
                            ? (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value)
                            : undefined
                      }
                      {...(field.kind === 'date' ? { getValueProps: dateValueProps } : {})}
                    >
                      {FieldInput({ name, field, row, language, placeholder: t('resources.select', { label }) })}
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          ))}
        </Card>
      ))}
      <Space className="form-actions">
        <Button type="primary" htmlType="submit" loading={saving} data-testid="resource-submit">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel} data-testid="resource-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** `<route>/add` and `<route>/{id}/edit`: loads the row, saves, and goes back to the list. */
export default function ResourceFormPage({ resource }: { resource: ResourceDef }) {
  const { t, i18n } = useTranslation();
  const language = declarationLanguage(i18n.language);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath(resource.route));
  const { id: idParam } = useParams();
  const editing = idParam !== undefined;
  const id = parseId(idParam);
  const row = useResourceRow(resource, id);
  const name = localized(resource.labels.one, language);

  if (editing && id === null) return <NotFoundPage />;
  const loading = editing && row.isPending;
  const loaded = editing ? (row.data ?? null) : null;
  if (editing && !loading && !loaded) return <NotFoundPage />;

  return (
    <div className="page" data-testid="resource-form-page" data-resource={resource.key}>
      <Card title={editing ? t('resources.editTitle', { name }) : t('resources.addTitle', { name })}>
        {loading ? (
          <Spin className="page-loader" />
        ) : (
          <ResourceForm
            key={`${resource.key}-${loaded?.id ?? 'new'}`}
            resource={resource}
            row={loaded}
            onSaved={() => {
              void message.success(editing ? t('resources.updated', { name }) : t('resources.created', { name }));
              void queryClient.invalidateQueries({ queryKey: resourceKeys.all });
              void navigate(agencyPath(resource.route));
            }}
            onCancel={goBack}
          />
        )}
      </Card>
    </div>
  );
}
