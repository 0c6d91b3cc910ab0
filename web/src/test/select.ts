import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/*
 * Choosing in an antd Select from component tests: open the select of a test id and read its options (the last open
 * dropdown's), or pick the option starting with a label. Shared by the flow forms' tests.
 */

/** Opens the select of `testId` and answers the texts of its options (waits until there are some). */
export async function openOptions(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  return waitFor(() => {
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const last = dropdowns[dropdowns.length - 1];
    const options = [...(last?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((o) => o.textContent ?? '');
    if (options.length === 0) throw new Error(`no options in ${testId}`);
    return options;
  });
}

/** Opens the select of `testId` and clicks the option whose text starts with `label`. */
export async function pick(testId: string, label: string): Promise<void> {
  await openOptions(testId);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/**
 * Like `pick`, for a select whose list may still be loading when it is opened (a slip list asked once a warehouse is
 * chosen): reads only the last open dropdown, and closes and opens the select again until the option is there.
 */
export async function pickOnceListed(testId: string, label: string): Promise<void> {
  const option = await waitFor(() => {
    const select = screen.getByTestId(testId);
    fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      throw new Error(`no option ${label} in ${testId}`);
    }
    return found;
  });
  fireEvent.click(option);
}
