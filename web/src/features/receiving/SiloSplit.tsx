import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReceivingMessages, kgToTonnes, tonnesToKg } from '@tonnage/contracts';
import { translateMessage } from '../../app/i18n';

/** One silo's share as the form holds it: the silo and its MT (up to 3 decimals). */
export interface SiloShareValue {
  siloId?: number;
  quantity?: number | string | null;
}

/** The shares' total in kg (exact; an empty or bad quantity counts as nothing). */
export function sharesKg(shares: readonly SiloShareValue[] | undefined): bigint {
  let total = 0n;
  for (const share of shares ?? []) {
    if (share.quantity === undefined || share.quantity === null || share.quantity === '') continue;
    try {
      total += tonnesToKg(String(share.quantity));
    } catch {
      // A quantity the field itself refuses: not counted here.
    }
  }
  return total;
}

/**
 * What the silo split says of the shares against the received kg (when known): the spec's silo-sum message when
 * they do not add up, a silo chosen twice, none chosen; null when fine. The server checks the same at save.
 */
export function siloSplitProblem(shares: readonly SiloShareValue[] | undefined, receivedKg: number | null): string | null {
  const rows = shares ?? [];
  if (rows.length === 0) return ReceivingMessages.siloRequired;
  const ids = rows.map((share) => share.siloId).filter((id): id is number => id !== undefined);
  if (new Set(ids).size !== ids.length) return ReceivingMessages.siloTwice;
  if (receivedKg !== null && sharesKg(rows) !== BigInt(receivedKg)) return ReceivingMessages.siloSum;
  return null;
}

/**
 * The silos of a warehouse with a quantity each (Form.List `silos`); below them the total against the received
 * quantity. `receivedKg` is the net when known (the live or typed weight less the pre in), else null.
 */
export function SiloSplit({ silos, receivedKg }: { silos: readonly { id: number; name: string; capacity: number }[]; receivedKg: number | null }) {
  const { t } = useTranslation();
  const shares = Form.useWatch<SiloShareValue[] | undefined>('silos');
  const total = sharesKg(shares);
  const problem = siloSplitProblem(shares, receivedKg);
  return (
    <Form.List
      name="silos"
      rules={[
        {
          validator: (_rule, value: SiloShareValue[] | undefined) => {
            const found = siloSplitProblem(value, receivedKg);
            return found === null ? Promise.resolve() : Promise.reject(new Error(translateMessage(found)));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Row gutter={8} key={field.key} data-testid={`silo-share-${index}`}>
              <Col xs={12} md={10}>
                <Form.Item name={[field.name, 'siloId']} label={index === 0 ? t('receiving.silo') : undefined} rules={[{ required: true, message: translateMessage(ReceivingMessages.siloRequired) }]}>
                  <Select<number> options={silos.map((silo) => ({ value: silo.id, label: `${silo.name} (${silo.capacity})` }))} data-testid={`silo-share-${index}-silo`} />
                </Form.Item>
              </Col>
              <Col xs={8} md={8}>
                <Form.Item name={[field.name, 'quantity']} label={index === 0 ? t('receiving.quantity') : undefined} rules={[{ required: true, message: translateMessage(ReceivingMessages.siloSum) }]}>
                  <InputNumber<string> stringMode min="0.001" step="0.001" precision={3} style={{ width: '100%' }} data-testid={`silo-share-${index}-quantity`} />
                </Form.Item>
              </Col>
              <Col xs={4} md={6}>
                <Form.Item label={index === 0 ? ' ' : undefined}>
                  <Button onClick={() => remove(field.name)} data-testid={`silo-share-${index}-remove`}>
                    {t('receiving.removeSilo')}
                  </Button>
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button onClick={() => add({})} data-testid="silo-share-add">
            {t('receiving.addSilo')}
          </Button>
          <Typography.Paragraph type={problem === ReceivingMessages.siloSum ? 'danger' : undefined} data-testid="silo-total" style={{ marginTop: 8 }}>
            {t('receiving.siloTotal', { total: kgToTonnes(total), received: receivedKg === null ? '—' : kgToTonnes(receivedKg) })}
          </Typography.Paragraph>
          {problem === ReceivingMessages.siloSum && receivedKg !== null && (
            <Typography.Paragraph type="danger" data-testid="silo-sum-problem">
              {translateMessage(problem)}
            </Typography.Paragraph>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
