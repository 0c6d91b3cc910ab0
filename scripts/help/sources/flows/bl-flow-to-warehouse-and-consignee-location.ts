import { WarehouseDispatchMessages } from '@tonnage/contracts';
import { tx, type FlowDiagramSource } from '../../model';
import { label, message } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, portLoadingStep, preOutStep, shippingStep, warehouseOutStep, warehouseReceiptStep, weighingStep } from '../steps';

const board = { place: 'falcon', owner: 'amc' };
const terminal = { place: 'terminal', owner: 'amc' };
const mill = { place: 'riyadhMill', owner: 'amc' };
const wbq = message(WarehouseDispatchMessages.wbqBelowPreOut);

/** One BL split between a warehouse and the consignee's mill, the warehouse later sending a truck on to the mill. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-to-warehouse-and-consignee-location',
  summary: tx(
    'One BL goes two ways from the port: part into a warehouse (Warehouse Storage), part straight to the consignee’s mill (Direct Delivery). Later the warehouse sends wheat on to the mill: a Pre Out commits it for a truck, the truck is weighed empty and loaded on the warehouse’s weighbridge, and the Warehouse Out dispatches it with its warehouse loading slip; the mill receives it on Consignee In.',
    'تذهب بوليصة واحدة في طريقين من الميناء: جزء إلى مستودع (تخزين في المستودع)، وجزء مباشرة إلى مطحنة المستلم (تسليم مباشر). لاحقًا يرسل المستودع قمحًا إلى المطحنة: يلتزم «ما قبل الخروج» بالكمية لشاحنة، وتُوزن الشاحنة فارغة ثم محمّلة على ميزان المستودع، ويرسلها «خروج المستودع» بإيصال تحميل المستودع؛ وتستلمها المطحنة في «دخول المستلم».',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, riyadhMill: places.riyadhMill },
  owners: { amc: owners.amc },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: board, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'terminal', from: board, to: terminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'terminal', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1 and Silo A2 (the silo shares must add up to the received quantity)', 'Silo A1 وSilo A2 (يجب أن تساوي حصص الصوامع الكمية المستلمة)') }),
    portLoadingStep({ id: 'mill', from: board, to: mill, quantity: '103', type: 'directDelivery', bl: demo.amcBl, destination: 'AMC Riyadh Mill' }),
    consigneeReceiptStep({ receives: 'mill', location: 'AMC Riyadh Mill', owner: owners.amc.name }),
    preOutStep({ at: terminal, warehouse: 'Jeddah Grain Terminal', quantity: '18', truck: 'JED 7310' }),
    weighingStep({ at: terminal, truck: 'JED 7310' }),
    warehouseOutStep({ id: 'out', from: terminal, to: mill, quantity: '18.32', destinationType: label('warehouseDispatch.destinations.consignee'), destination: 'AMC Riyadh Mill' }),
    consigneeReceiptStep({ receives: 'out', location: 'AMC Riyadh Mill', owner: owners.amc.name, slip: tx('the warehouse loading slip (slip type “Warehouse loading slip”)', 'إيصال تحميل المستودع (نوع الإيصال «إيصال تحميل المستودع»)') }),
  ],
  notes: [
    tx(
      `The Warehouse Out takes the net of the truck’s second weight (here 18.320 MT for a Pre Out of 18 MT): it may be more than the Pre Out, never less (“${wbq.en}”).`,
      `يأخذ «خروج المستودع» صافي الوزن الثاني للشاحنة (هنا 18.320 طن متري لما قبل خروج بـ 18 طنًا): يجوز أن يزيد على ما قبل الخروج، ولا يقل عنه أبدًا («${wbq.ar}»).`,
    ),
    tx(
      'Reversals go back down the chain: a received Warehouse Out is refused until its Consignee In is reversed, and a Pre Out delivered on a Warehouse Out until the Out is reversed.',
      'يسير العكس في السلسلة إلى الوراء: يُرفض عكس «خروج المستودع» المستلَم حتى يُعكس «دخول المستلم»، ويُرفض عكس «ما قبل الخروج» المُسلَّم في خروج حتى يُعكس الخروج.',
    ),
  ],
};
