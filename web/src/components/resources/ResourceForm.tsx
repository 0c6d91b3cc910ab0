import { useMemo, useState, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Spin, Switch, type FormRule } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldMessages, fieldSchema, fieldScale, type FieldDef, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import { reportFailure, type RawResult } from '../../app/api';
import { fieldErrorsOf } from '../../app/form-errors';
import { parseId } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { NotFoundPage } from '../../features/errors/ErrorPages';
import { FileUpload } from '../FileUpload';
import { FormFooter } from '../FormFooter';
import { ReferenceSelect } from './ReferenceSelect';
import { resourceKeys, saveResourceRow, useResourceRow } from './resource-api';
import { DATE_FORMAT, declarationLanguage, fieldMessage, localized, type DeclarationLanguage } from './resource-text';

type Values = Record<string, unknown>;

/** A date field's form value stays the ISO text; the DatePicker sees a Dayjs. */
const dateValueProps = (value: unknown) => ({ value: typeof value === 'string' && value !== '' ? dayjs(value) : undefined });
const normalizeDate = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined);

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A secret already stored on the row being edited: left empty, it is kept. */
const secretStored = (name: string, row: TResourceRow | null) => row?.[`${name}Set`] === true;

/**
 * The client rule of one field, from the same contract schema the server checks: blank values are refused
 * only when the field is required (a stored secret may stay empty); anything else must pass the field's schema.
 * Messages in the current language.
 */
function fieldRule(field: FieldDef, language: DeclarationLanguage, stored: boolean): FormRule {
  const present = fieldSchema({ ...field, required: true, default: undefined });
  const fail = (message: string) => Promise.reject(new Error(fieldMessage(field, message, language)));
  return {
    validator: (_rule, value: unknown) => {
      if (isBlank(value)) return field.required && field.kind !== 'boolean' && !stored ? fail(fieldMessages(field).required.en) : Promise.resolve();
      const result = present.safeParse(value);
      return result.success ? Promise.resolve() : fail(result.error.issues[0]?.message ?? fieldMessages(field).invalid.en);
    },
  };
}

/**
 * The resource's cross-field rules (`validate`), the same the server applies, as a rule of each field: the issues
 * reported on this field, in the current language. A change re-checks the fields already touched or in error
 * (`recheckOthers`), so an issue clears as soon as the other field is corrected.
 */
function crossFieldRule(resource: ResourceDef, name: string, language: DeclarationLanguage): FormRule | null {
  const { validate } = resource;
  if (!validate) return null;
  return ({ getFieldsValue }) => ({
    validator: () => {
      const values = toResourceInput(resource, getFieldsValue(true) as Values);
      const issue = validate(values).find((candidate) => candidate.field === name);
      return issue ? Promise.reject(new Error(localized(issue.message, language))) : Promise.resolve();
    },
  });
}

/**
 * The body of create and update: every declared field, blank values as null (booleans false); a secret left
 * empty is not sent, so the stored one is kept.
 */
export function toResourceInput(resource: ResourceDef, values: Values): Values {
  const input: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = values[name];
    if (field.kind === 'boolean') input[name] = value === true;
    else if (field.kind === 'secret') {
      if (typeof value === 'string' && value !== '') input[name] = value;
    } else input[name] = isBlank(value) ? null : typeof value === 'string' ? value.trim() : value;
  }
  return input;
}

/** The row's values; a secret is never shown (the input starts empty). */
function initialValues(resource: ResourceDef, row: TResourceRow | null): Values {
  const values: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    // A new row starts with the field's default (a weighbridge's format and capture rules).
    const value = row ? row[name] : field.default;
    values[name] = field.kind === 'boolean' ? value === true : field.kind === 'secret' ? undefined : (value ?? undefined);
  }
  return values;
}

/** The input of one field kind. */
function FieldInput({ name, field, row, language, placeholder, t }: { name: string; field: FieldDef; row: TResourceRow | null; language: DeclarationLanguage; placeholder: string; t: (key: string) => string }): ReactNode {
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
    case 'reference': {
      // The edited row may refer to a row deactivated since, or beyond the first page: named from the row.
      const id = row?.[name];
      const label = row?.[`${name}Name`];
      return (
        <ReferenceSelect
          resourceKey={field.resource}
          known={typeof id === 'number' && typeof label === 'string' ? { value: id, label } : null}
          allowClear={!field.required}
          placeholder={placeholder}
          data-testid={testId}
        />
      );
    }
    case 'date':
      // Shown as DD-MMM-YYYY; an ISO date may be typed too.
      return <DatePicker format={[DATE_FORMAT, 'YYYY-MM-DD']} className="resource-date" data-testid={testId} />;
    case 'image':
      // jpg, jpeg or png up to 5 MB, uploaded at once; the form keeps the stored path.
      return <FileUpload directory={field.folder} kind="image" testId={testId} />;
    case 'secret':
      // Never prefilled: a stored one is kept while the input stays empty.
      return (
        <Input.Password
          maxLength={field.max}
          autoComplete="new-password"
          placeholder={secretStored(name, row) ? t('resources.secretStored') : undefined}
          data-testid={testId}
        />
      );
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
  const derived = Object.entries(resource.derived ?? {});

  const submit = async (values: Values) => {
    setSaving(true);
    const input = toResourceInput(resource, values);
    const result = await (onSubmit ?? ((body: Values) => saveResourceRow(resource, row?.id ?? null, body)))(input);
    setSaving(false);
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    // The server's cross-field messages are the declared ones: shown in the current language like the form's own.
    const issues = resource.validate?.(input) ?? [];
    const errors = fieldErrorsOf(result.error, fieldNames).map(({ name, errors: messages }) => {
      const field = resource.fields[name];
      const shown = (message: string) => {
        const issue = issues.find((candidate) => candidate.field === name && candidate.message.en === message);
        if (issue) return localized(issue.message, language);
        return field ? fieldMessage(field, message, language, resource) : message;
      };
      return { name, errors: messages.map(shown) };
    });
    if (errors.length > 0) form.setFields(errors);
    else reportFailure(result.status, result.error);
  };

  // Cross-field rules: a change may settle (or raise) an issue on another field the user has already met.
  const recheckOthers = (changed: Values) => {
    if (!resource.validate) return;
    const others = fieldNames.filter((name) => !(name in changed) && (form.isFieldTouched(name) || form.getFieldError(name).length > 0));
    if (others.length > 0) form.validateFields(others).catch(() => undefined);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={recheckOthers}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
      data-testid="resource-form"
    >
      {resource.form.sections.map((section, index) => (
        <Card key={section.title.en} type="inner" title={localized(section.title, language)} className={index > 0 ? 'form-section' : undefined}>
          {section.rows.map((names) => (
            <Row gutter={16} key={names.join('-')}>
              {names.map((name) => {
                const field = resource.fields[name];
                if (!field) return null;
                const label = localized(field.label, language);
                const cross = crossFieldRule(resource, name, language);
                return (
                  <Col key={name} xs={24} md={24 / Math.max(2, Math.min(names.length, 4))}>
                    <Form.Item
                      name={name}
                      label={label}
                      required={field.required === true && field.kind !== 'boolean' && !secretStored(name, row)}
                      rules={[fieldRule(field, language, secretStored(name, row)), ...(cross ? [cross] : [])]}
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
                      {FieldInput({ name, field, row, language, placeholder: t('resources.select', { label }), t })}
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          ))}
          {index === 0 && row && derived.length > 0 && (
            <Row gutter={16}>
              {derived.map(([name, column]) => (
                <Col key={name} xs={24} md={12}>
                  {/* Derived by the server (the company's admin is set on the user form): shown, never sent. */}
                  <Form.Item label={localized(column.label, language)}>
                    <Input value={typeof row[name] === 'string' ? row[name] : ''} readOnly disabled data-testid={`resource-form-${name}`} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      ))}
      <FormFooter saving={saving} onCancel={onCancel} testIdPrefix="resource" />
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
