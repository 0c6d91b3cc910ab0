import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { loadTestLanguage } from '../test/i18n';
import { FormFooter } from './FormFooter';

describe('FormFooter', () => {
  beforeEach(() => loadTestLanguage('en'));

  it('submits the form and cancels, with Save by default', async () => {
    const onFinish = vi.fn();
    const onCancel = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <FormFooter onCancel={onCancel} testIdPrefix="thing" />
      </Form>,
    );
    expect(screen.getByTestId('thing-submit').textContent).toBe('Save');
    expect(screen.getByTestId('thing-cancel').textContent).toBe('Cancel');
    await act(async () => {
      fireEvent.click(screen.getByTestId('thing-submit'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(onFinish).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('thing-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });

  it('takes its own submit label and shows the saving state in Arabic', async () => {
    await loadTestLanguage('ar');
    render(
      <Form>
        <FormFooter onCancel={() => undefined} submitLabel="تحديث" saving testIdPrefix="profile" />
      </Form>,
    );
    expect(screen.getByTestId('profile-submit').textContent).toContain('تحديث');
    expect(screen.getByTestId('profile-submit').className).toContain('ant-btn-loading');
    expect(screen.getByTestId('profile-cancel').textContent).toBe('إلغاء');
  });
});
