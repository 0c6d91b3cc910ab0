import { useMemo, useState } from 'react';
import { Alert, Card, Col, Form, Input, Row, Select, Switch, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, Messages, ZUserInput, type Language, type TCountry, type TUser, type TUserInput } from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { emptyToNull, zodRule } from '../../app/form-rules';
import { issuesToFieldErrors, showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { FormFooter } from '../../components/FormFooter';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { ConsigneePicker, LOCATION_KINDS, LocationPicker } from '../../components/pickers';
import { citySelectOptions, countrySelectOptions, useCities, type IdOption } from '../lookups/lookups-api';
import type { AssignableOptions } from './user-options';
import { USER_KINDS, type UserKindFilter } from './user-query';

type Kind = UserKindFilter;

export interface UserFormValues {
  firstName?: string;
  lastName?: string | null;
  initials?: string | null;
  idNumber?: string | null;
  phone?: string | null;
  email?: string;
  address?: string | null;
  residenceCountryId?: number | null;
  cityId?: number | null;
  originCountryId?: number | null;
  username?: string;
  password?: string;
  kind?: Kind;
  companyId?: number | null;
  roleId?: number | null;
  locationIds?: number[];
  shipmentManagerIds?: number[];
  consigneeIds?: number[];
  isActive?: boolean;
}

/** Every field the server may report an error on. */
const FIELDS = [
  'firstName',
  'lastName',
  'initials',
  'idNumber',
  'phone',
  'email',
  'address',
  'residenceCountryId',
  'cityId',
  'originCountryId',
  'username',
  'password',
  'kind',
  'companyId',
  'roleId',
  'locationIds',
  'shipmentManagerIds',
  'consigneeIds',
  'isActive',
] as const;

const fields = ZUserInput.shape;
/** A user's data access may name warehouses and delivery (consignee or customer) locations. */
const ASSIGNABLE_LOCATION_KINDS = [LOCATION_KINDS.warehouse, LOCATION_KINDS.delivery];
const fail = (message: string) => Promise.reject(new Error(translateMessage(message)));
const textOrUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function initialValues(user: TUser | null, defaultCountryId: number | null): UserFormValues {
  if (!user) {
    return { kind: 'agencyUser', isActive: true, residenceCountryId: defaultCountryId, locationIds: [], shipmentManagerIds: [], consigneeIds: [] };
  }
  const kind: Kind = user.kind === 'superAdmin' ? 'agencyAdmin' : user.kind;
  const { firstName, lastName, initials, idNumber, phone, email, address, residenceCountryId, cityId, originCountryId, username } = user;
  const { companyId, roleId, locationIds, shipmentManagerIds, consigneeIds, isActive } = user;
  return {
    firstName,
    lastName,
    initials,
    idNumber,
    phone,
    email,
    address,
    residenceCountryId,
    cityId,
    originCountryId,
    username,
    kind,
    companyId,
    roleId,
    locationIds,
    shipmentManagerIds,
    consigneeIds,
    isActive,
  };
}

/**
 * The form values as ZUserInput. Pickers that are not shown (no options yet) keep the user's current
 * assignments; a role only applies to agency users and company admins, a company only to company admins.
 */
export function toUserInput(values: UserFormValues, user: TUser | null): TUserInput {
  const kind = values.kind ?? 'agencyUser';
  const password = values.password?.trim() ? values.password : undefined;
  return {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? null,
    initials: values.initials ?? null,
    idNumber: values.idNumber ?? null,
    phone: values.phone ?? null,
    email: values.email ?? '',
    address: values.address ?? null,
    residenceCountryId: values.residenceCountryId ?? null,
    cityId: values.cityId ?? null,
    originCountryId: values.originCountryId ?? null,
    username: values.username ?? '',
    kind,
    companyId: kind === 'companyAdmin' ? (values.companyId ?? null) : null,
    roleId: kind === 'agencyAdmin' ? null : (values.roleId ?? null),
    locationIds: values.locationIds ?? user?.locationIds ?? [],
    shipmentManagerIds: values.shipmentManagerIds ?? user?.shipmentManagerIds ?? [],
    consigneeIds: values.consigneeIds ?? user?.consigneeIds ?? [],
    isActive: values.isActive ?? true,
    ...(password !== undefined ? { password } : {}),
  };
}

/** Spec section 5: the first password is optional; when given it must satisfy the password rule. */
const optionalPasswordRule: FormRule = {
  validator: (_rule, value: unknown) =>
    typeof value !== 'string' || value === '' || isStrongPassword(value) ? Promise.resolve() : fail(Messages.passwordRule),
};

/** A value the contract requires for one kind of user (a role for agency users, a company for company admins). */
const requiredForKind =
  (required: Kind, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      getFieldValue('kind') === required && (value === undefined || value === null) ? fail(message) : Promise.resolve(),
  });

export interface UserFormProps {
  /** The user being edited; null on add. */
  user: TUser | null;
  language: Language;
  countries: readonly TCountry[];
  roles: readonly IdOption[];
  options: AssignableOptions;
  /** The residence country a new user starts with (the lookups' default country). */
  defaultCountryId?: number | null;
  /** Super admins and agency admins may create agency admins. */
  canMakeAdmins: boolean;
  onSubmit: (input: TUserInput) => Promise<RawResult>;
  onSaved: () => void;
  onCancel: () => void;
}

/** Spec section 5 "User form": one form for `users/add` and `users/{userId}/edit`. */
export function UserForm({ user, language, countries, roles, options, defaultCountryId = null, canMakeAdmins, onSubmit, onSaved, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const adding = user === null;
  const kind = Form.useWatch('kind', form);
  const password = Form.useWatch('password', form);
  const residenceCountryId = Form.useWatch('residenceCountryId', form);
  const cities = useCities(residenceCountryId);

  const countryOptions = useMemo(() => countrySelectOptions(countries, language), [countries, language]);
  const cityOptions = useMemo(() => citySelectOptions(cities.data ?? [], language), [cities.data, language]);
  // A company admin needs a company; the kind is offered only when the agency has companies (or already is one).
  // Only admins may make agency admins (the server refuses anyone else).
  const kindOptions = USER_KINDS
    .filter((option) => option !== 'agencyAdmin' || canMakeAdmins || user?.kind === 'agencyAdmin')
    .filter((option) => option !== 'companyAdmin' || options.companies.length > 0 || user?.kind === 'companyAdmin')
    .map((option) => ({ value: option, label: t(`users.kinds.${option}`) }));

  const submit = async (values: UserFormValues) => {
    const input = toUserInput(values, user);
    const parsed = ZUserInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, 'firstName').map((error) => ({ ...error, name: error.name as keyof UserFormValues })));
      return;
    }
    setSaving(true);
    const result = await onSubmit(input);
    setSaving(false);
    if (result.ok) onSaved();
    else showSubmitFailure(form, result, FIELDS);
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues(user, defaultCountryId)}
      onValuesChange={(changed: UserFormValues) => {
        // Spec section 5: another residence country clears the city (its cities load for the new country).
        if ('residenceCountryId' in changed) form.setFieldValue('cityId', null);
      }}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
      data-testid="user-form"
    >
      <Card type="inner" title={t('users.form.personal')}>
        <Row gutter={16}>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="firstName" label={t('users.form.firstName')} required rules={[zodRule(fields.firstName, (v) => v ?? '')]}>
              <Input maxLength={20} autoComplete="off" data-testid="user-form-first-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="lastName" label={t('users.form.lastName')} rules={[zodRule(fields.lastName)]}>
              <Input maxLength={20} autoComplete="off" data-testid="user-form-last-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="initials" label={t('users.form.initials')} rules={[zodRule(fields.initials)]}>
              <Input maxLength={20} data-testid="user-form-initials" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="email" label={t('users.form.email')} required rules={[zodRule(fields.email, (v) => (typeof v === 'string' ? v : ''))]}>
              <Input type="email" maxLength={50} autoComplete="off" data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="phone" label={t('users.form.phone')} rules={[zodRule(fields.phone)]}>
              <Input maxLength={20} data-testid="user-form-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="idNumber" label={t('users.form.idNumber')} rules={[zodRule(fields.idNumber)]}>
              <Input maxLength={20} data-testid="user-form-id-number" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('users.form.address')} rules={[zodRule(fields.address, emptyToNull)]}>
              <Input.TextArea rows={2} maxLength={255} data-testid="user-form-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="residenceCountryId" label={t('users.form.residenceCountry')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={countryOptions}
                placeholder={t('users.form.selectCountry')}
                data-testid="user-form-residence-country"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="cityId" label={t('users.form.city')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={cityOptions}
                loading={cities.isFetching}
                disabled={typeof residenceCountryId !== 'number'}
                placeholder={typeof residenceCountryId === 'number' ? t('users.form.selectCity') : t('users.form.countryFirst')}
                data-testid="user-form-city"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="originCountryId" label={t('users.form.originCountry')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={countryOptions}
                placeholder={t('users.form.selectCountry')}
                data-testid="user-form-origin-country"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card type="inner" title={t('users.form.account')} className="form-section">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('users.form.username')}
              required
              rules={[zodRule(fields.username, textOrUndefined)]}
              extra={t('users.form.usernameHint')}
            >
              <Input maxLength={50} autoComplete="off" data-testid="user-form-username" />
            </Form.Item>
          </Col>
          {adding && (
            <Col xs={24} md={12}>
              <Form.Item name="password" label={t('users.form.password')} rules={[optionalPasswordRule]} extra={t('users.form.passwordHint')}>
                <Input.Password autoComplete="new-password" data-testid="user-form-password" />
              </Form.Item>
              {password ? <PasswordChecklist password={password} /> : null}
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('users.form.kind')} required rules={[zodRule(fields.kind, textOrUndefined)]}>
              <Select options={kindOptions} data-testid="user-form-kind" />
            </Form.Item>
          </Col>
          {kind === 'companyAdmin' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="companyId"
                label={t('users.form.company')}
                required
                dependencies={['kind']}
                rules={[requiredForKind('companyAdmin', 'Please select the company!')]}
                extra={options.companies.length === 0 ? t('users.form.companiesLater') : undefined}
              >
                <Select
                  options={options.companies}
                  disabled={options.companies.length === 0}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('users.form.selectCompany')}
                  data-testid="user-form-company"
                />
              </Form.Item>
            </Col>
          )}
          {kind !== 'agencyAdmin' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="roleId"
                label={t('users.form.role')}
                required={kind === 'agencyUser'}
                dependencies={['kind']}
                rules={[requiredForKind('agencyUser', 'Please select a role!')]}
                extra={roles.length === 0 ? t('users.form.noRoles') : undefined}
              >
                <Select
                  allowClear
                  options={[...roles]}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('users.form.selectRole')}
                  data-testid="user-form-role"
                />
              </Form.Item>
            </Col>
          )}
          {kind === 'agencyAdmin' && (
            <Col xs={24} md={12}>
              <Alert type="info" showIcon title={t('users.form.adminHasAll')} className="form-note" />
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="isActive" label={t('users.status')} valuePropName="checked">
              <Switch checkedChildren={t('common.active')} unCheckedChildren={t('common.inactive')} data-testid="user-form-status" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      {(options.warehouses.length > 0 || options.shipmentManagers.length > 0 || options.consignees.length > 0) && (
        <Card type="inner" title={t('users.form.dataScope')} className="form-section">
          <Typography.Paragraph type="secondary">{t('users.form.dataScopeHint')}</Typography.Paragraph>
          <Row gutter={16}>
            {options.warehouses.length > 0 && (
              <Col xs={24} md={8}>
                <Form.Item name="locationIds" label={t('users.form.warehouses')}>
                  <LocationPicker multiple kinds={ASSIGNABLE_LOCATION_KINDS} placeholder={t('pickers.selectLocation')} data-testid="user-form-warehouses" />
                </Form.Item>
              </Col>
            )}
            {options.shipmentManagers.length > 0 && (
              <Col xs={24} md={8}>
                <Form.Item name="shipmentManagerIds" label={t('users.form.shipmentManagers')}>
                  <ConsigneePicker mode="sm" multiple data-testid="user-form-shipment-managers" />
                </Form.Item>
              </Col>
            )}
            {options.consignees.length > 0 && (
              <Col xs={24} md={8}>
                <Form.Item name="consigneeIds" label={t('users.form.consignees')}>
                  <ConsigneePicker mode="consignee" multiple data-testid="user-form-consignees" />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>
      )}

      <FormFooter saving={saving} onCancel={onCancel} testIdPrefix="user" />
    </Form>
  );
}
