import { useEffect, useRef } from 'react';
import { App, type ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';

/** An in-app link the guard should ask about: same origin, plain click, another address. */
export function guardedLinkTarget(event: MouseEvent, current: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, current.href);
  if (url.origin !== current.origin) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return target === `${current.pathname}${current.search}${current.hash}` ? null : target;
}

/** The "leave without saving?" dialog's texts and its danger button, the same wherever unsaved changes are left. */
export function unsavedChangesDialog(t: TFunction): ModalFuncProps {
  return { title: t('unsaved.title'), content: t('unsaved.content'), okText: t('unsaved.leave'), cancelText: t('unsaved.stay'), okButtonProps: { danger: true } };
}

/**
 * Warns before leaving a page with unsaved changes: closing or reloading the tab (the browser's own prompt),
 * clicking an in-app link, and the back and forward buttons (a confirmation dialog). The router runs in
 * library mode, where react-router's useBlocker is not available, so links and history are watched here.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const asking = useRef(false);

  useEffect(() => {
    if (!dirty) return undefined;
    const here = { state: window.history.state as unknown, url: window.location.href };

    const confirmLeave = (to: string) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        ...unsavedChangesDialog(t),
        onOk: () => {
          asking.current = false;
          cleanup();
          void navigate(to);
        },
        onCancel: () => {
          asking.current = false;
        },
      });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = guardedLinkTarget(event, window.location);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      confirmLeave(to);
    };
    // Capture listeners on window run before the router's own popstate listener, so the router never sees
    // the move; the address is put back and the person is asked.
    const onPopState = (event: PopStateEvent) => {
      event.stopImmediatePropagation();
      const to = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      window.history.pushState(here.state, '', here.url);
      confirmLeave(to);
    };
    const cleanup = () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return cleanup;
  }, [dirty, modal, navigate, t]);
}
