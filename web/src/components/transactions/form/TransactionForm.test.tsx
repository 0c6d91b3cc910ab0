import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { Link } from 'react-router';
import { z } from 'zod';
import { ZQuantityApproval, ZQuantityApprovalInput, type TQuantityApprovalInput } from '@tonnage/contracts';
import { translateMessage } from '../../../app/i18n';
import { loadTestLanguage } from '../../../test/i18n';
import { json, mockFetch, renderPage } from '../../resources/resource-test-utils';
import { TransactionForm, type FormRecordTrail } from './TransactionForm';
import { TransactionRecordGate } from './TransactionFormPage';
import { clientCheck, saveTarget, sectionFields } from './transaction-form';
import { useTransactionForm } from './useTransactionForm';

vi.mock('../../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/session')>()),
  ...(await import('../../resources/test-session')).sessionModule,
}));

/** The calls made to the declaration's API (the agency's data the page reads aside). */
const apiCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/api/testOutturn'));

/** A small declaration over a real contract: the BL out-turn's input schema, as the server checks it. */
const declaration = {
  key: 'testOutturn',
  api: '/testOutturn',
  schemas: { input: ZQuantityApprovalInput, row: ZQuantityApproval },
  form: { sections: [{ title: 'cargo.status', rows: [['shipmentId', 'dischargedQuantity'], ['remarks']] }] },
};

interface Values {
  shipmentId?: string;
  dischargedQuantity?: string;
  remarks?: string;
}

const toInput = (values: Values): TQuantityApprovalInput => ({
  shipmentId: values.shipmentId ? Number(values.shipmentId) : 0,
  dischargedQuantity: values.dischargedQuantity ?? '',
  remarks: values.remarks ?? '',
});

/** The same with an update body of its own: an edit changes the remarks only (as a weighing's edit never its weight). */
const remarksOnly = { ...declaration, schemas: { ...declaration.schemas, updateInput: z.object({ remarks: z.string().min(1, 'Please add a remark!') }) } };

function TestForm({ id = null, record = null, onSaved, decl = declaration }: { id?: number | null; record?: FormRecordTrail | null; onSaved?: () => void; decl?: typeof declaration | typeof remarksOnly }) {
  const controller = useTransactionForm<Values>({ declaration: decl, id, toInput, successMessage: () => 'Saved!', onSaved });
  const { item } = controller;
  return (
    <>
      <TransactionForm<Values>
        controller={controller}
        renderField={(name) => (
          <Form.Item {...item(name)} label={name}>
            <Input data-testid={`field-${name}`} />
          </Form.Item>
        )}
        initialValues={{ shipmentId: '', dischargedQuantity: '', remarks: '' }}
        record={record}
        onCancel={() => undefined}
        testId="test-form"
        testIdPrefix="test"
      />
      <Link to="/agencies/1/elsewhere">away</Link>
    </>
  );
}

const fieldMessages = (name: string) => {
  const item = screen.getByTestId(`field-${name}`).closest('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((node) => node.textContent ?? '');
};

describe('transaction form logic', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('saves with POST to the api and PUT to the record, or to the declared routes', () => {
    expect(saveTarget(declaration, null)).toEqual({ path: '/api/testOutturn', method: 'POST' });
    expect(saveTarget(declaration, 7)).toEqual({ path: '/api/testOutturn/7', method: 'PUT' });
    const routed = { ...declaration, routes: { update: { path: '/:id/amend', method: 'POST' as const, response: ZQuantityApproval } } };
    expect(saveTarget(routed, 7)).toEqual({ path: '/api/testOutturn/7/amend', method: 'POST' });
  });

  it('puts the input schema’s issues on the declared fields with the server’s own messages', () => {
    const fields = sectionFields(declaration.form.sections);
    const parsed = ZQuantityApprovalInput.safeParse({ shipmentId: 0, dischargedQuantity: 'abc', remarks: '' });
    expect(parsed.success).toBe(false);
    const checked = clientCheck(declaration.schemas.input, { shipmentId: 0, dischargedQuantity: 'abc', remarks: '' }, fields);
    const expected = parsed.error?.issues.map((issue) => ({ name: String(issue.path[0]), errors: [translateMessage(issue.message)] }));
    expect(checked?.fieldErrors).toEqual(expected);
    expect(clientCheck(declaration.schemas.input, { shipmentId: 3, dischargedQuantity: '12.5', remarks: '' }, fields)).toBeNull();
  });
});

describe('TransactionForm', () => {
  beforeAll(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('lays out the declared section with its title and refuses what the server would, in the server’s words, sending nothing', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderPage(<TestForm />);
    expect(screen.getByText('Status')).toBeTruthy();
    fireEvent.click(screen.getByTestId('test-submit'));
    const serverWords = ZQuantityApprovalInput.safeParse(toInput({ shipmentId: '', dischargedQuantity: '', remarks: '' }));
    const byField = new Map(serverWords.error?.issues.map((issue) => [String(issue.path[0]), translateMessage(issue.message)]));
    await waitFor(() => expect(fieldMessages('shipmentId')).toEqual([byField.get('shipmentId')]));
    expect(fieldMessages('dischargedQuantity')).toEqual([byField.get('dischargedQuantity')]);
    expect(apiCalls(fetchMock)).toEqual([]);
  });

  it('checks an edit with the declaration’s update body where it has one, a new record with the input', async () => {
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/testOutturn/7' && init?.method === 'PUT') {
        bodies.push(JSON.parse(typeof init.body === 'string' ? init.body : ''));
        return json({ message: 'Saved' });
      }
      return undefined;
    });
    const { unmount } = renderPage(<TestForm id={7} decl={remarksOnly} />);
    fireEvent.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(fieldMessages('remarks')).toEqual(['Please add a remark!']));
    expect(fieldMessages('shipmentId')).toEqual([]);
    fireEvent.change(screen.getByTestId('field-remarks'), { target: { value: 'note' } });
    fireEvent.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ remarks: 'note' });
    unmount();
    renderPage(<TestForm decl={remarksOnly} />);
    fireEvent.change(screen.getByTestId('field-remarks'), { target: { value: 'note' } });
    fireEvent.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(fieldMessages('shipmentId').length).toBe(1));
  });

  it('puts the server’s details on their fields and keeps everything typed', async () => {
    let body: unknown = null;
    mockFetch((url, init) => {
      if (url.pathname === '/api/testOutturn' && init?.method === 'POST') {
        body = JSON.parse(typeof init.body === 'string' ? init.body : '');
        return json({ message: 'Validation failed', code: 'VALIDATION', details: { dischargedQuantity: 'Quantity must be greater than 0' } }, 400);
      }
      return undefined;
    });
    renderPage(<TestForm />);
    fireEvent.change(screen.getByTestId('field-shipmentId'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('field-dischargedQuantity'), { target: { value: '12.5' } });
    fireEvent.change(screen.getByTestId('field-remarks'), { target: { value: 'note' } });
    fireEvent.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(fieldMessages('dischargedQuantity')).toEqual([translateMessage('Quantity must be greater than 0')]));
    expect(body).toEqual({ shipmentId: 4, dischargedQuantity: '12.5', remarks: 'note' });
    expect(screen.getByTestId<HTMLInputElement>('field-shipmentId').value).toBe('4');
    expect(screen.getByTestId<HTMLInputElement>('field-dischargedQuantity').value).toBe('12.5');
    expect(screen.getByTestId<HTMLInputElement>('field-remarks').value).toBe('note');
  });

  it('saves to the record with PUT and reports success', async () => {
    const onSaved = vi.fn();
    mockFetch((url, init) => (url.pathname === '/api/testOutturn/9' && init?.method === 'PUT' ? json({ id: 9 }) : undefined));
    renderPage(<TestForm id={9} onSaved={onSaved} />);
    fireEvent.change(screen.getByTestId('field-shipmentId'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('field-dischargedQuantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    await screen.findByText('Saved!');
  });

  it('asks before leaving with unsaved changes', async () => {
    mockFetch(() => undefined);
    renderPage(<TestForm />);
    fireEvent.change(screen.getByTestId('field-remarks'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByText('away'));
    await screen.findByText(/unsaved changes on this page/);
    expect(screen.getByTestId('test-form')).toBeTruthy();
  });

  it('shows a reversed record read-only with who reversed it and why', () => {
    mockFetch(() => undefined);
    renderPage(<TestForm id={5} record={{ status: 'Reversed', reversedBy: 'Layla Haddad', reversedAt: null, reverseReason: 'Entered twice' }} />);
    const note = screen.getByTestId('test-reversed');
    expect(note.textContent).toContain('Layla Haddad');
    expect(note.textContent).toContain('Entered twice');
    expect(screen.getByTestId<HTMLInputElement>('field-remarks').disabled).toBe(true);
    expect(screen.queryByTestId('test-submit')).toBeNull();
  });
});

describe('TransactionRecordGate', () => {
  beforeAll(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('shows an error with a retry when the record fails to load, never an empty form', async () => {
    let calls = 0;
    mockFetch((url) => {
      if (url.pathname !== '/api/testOutturn/3') return undefined;
      calls += 1;
      return json({ message: 'Internal Server Error', code: 'INTERNAL' }, 500);
    });
    renderPage(<TransactionRecordGate declaration={declaration} idParam="3">{() => <p>the form</p>}</TransactionRecordGate>);
    await screen.findByTestId('transaction-record-error');
    expect(screen.queryByText('the form')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('transaction-record-retry'));
      await Promise.resolve();
    });
    await waitFor(() => expect(calls).toBe(2));
  });

  it('answers not found for an unknown record and opens the add form without loading', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderPage(<TransactionRecordGate declaration={declaration} idParam="8">{() => <p>the form</p>}</TransactionRecordGate>);
    await screen.findByTestId('page-not-found');
    fetchMock.mockClear();
    renderPage(<TransactionRecordGate declaration={declaration} idParam={undefined}>{(record) => <p>{record === null ? 'the add form' : 'edit'}</p>}</TransactionRecordGate>);
    expect(screen.getByText('the add form')).toBeTruthy();
    expect(apiCalls(fetchMock)).toEqual([]);
  });
});
