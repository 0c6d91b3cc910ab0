import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button, Form } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ReceivingMessages } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { renderPage } from '../../components/resources/resource-test-utils';
import { SiloSplit, sharesKg, siloSplitProblem, type SiloShareValue } from './SiloSplit';

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const SILOS = [
  { id: 1, name: 'A', capacity: 12 },
  { id: 2, name: 'B', capacity: 5 },
];

/** The split inside a form, with a submit button; `finished` collects what a valid submit sends. */
function renderSplit(shares: SiloShareValue[], receivedKg: number | null) {
  const finished: unknown[] = [];
  renderPage(
    <Form initialValues={{ silos: shares }} onFinish={(values) => finished.push(values)}>
      <SiloSplit silos={SILOS} receivedKg={receivedKg} />
      <Button htmlType="submit" data-testid="submit">
        Save
      </Button>
    </Form>,
  );
  return finished;
}

describe('the silo split of the warehouse in form', () => {
  it('adds the shares exactly in kg and says what is wrong, as the server does', () => {
    expect(sharesKg([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: 3.5 }])).toBe(10_000n);
    expect(sharesKg([{ siloId: 1, quantity: '0.1' }, { siloId: 2, quantity: '0.2' }])).toBe(300n);
    expect(sharesKg([{ siloId: 1, quantity: '' }, { siloId: 2, quantity: null }])).toBe(0n);
    expect(siloSplitProblem([], 10_000)).toBe(ReceivingMessages.siloRequired);
    expect(siloSplitProblem([{ siloId: 1, quantity: '5' }, { siloId: 1, quantity: '5' }], 10_000)).toBe(ReceivingMessages.siloTwice);
    expect(siloSplitProblem([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000)).toBe(ReceivingMessages.siloSum);
    expect(siloSplitProblem([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }], 10_000)).toBeNull();
    // The received quantity not known yet (no stable weight): only the server can check the sum.
    expect(siloSplitProblem([{ siloId: 1, quantity: '6' }], null)).toBeNull();
  });

  it('shows the total against the received quantity and refuses to submit a split that does not add up', async () => {
    const finished = renderSplit([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('Silos total 9.000 MT of 10.000 MT');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText(ReceivingMessages.siloSum)).toBeTruthy();
    expect(finished).toEqual([]);
  });

  it('submits a split that adds up, and a share can be added and removed', async () => {
    const finished = renderSplit([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('Silos total 10.000 MT of 10.000 MT');
    fireEvent.click(screen.getByTestId('silo-share-add'));
    expect(await screen.findByTestId('silo-share-2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('silo-share-2-remove'));
    await waitFor(() => expect(screen.queryByTestId('silo-share-2')).toBeNull());
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(finished).toHaveLength(1));
    expect(finished[0]).toEqual({ silos: [{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }] });
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    renderSplit([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('مجموع الصوامع 9.000 طن من 10.000 طن');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('يجب أن تساوي كمية الشحنة!')).toBeTruthy();
  });
});
