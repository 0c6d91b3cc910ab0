import { OwnershipTransferMessages, SwapCargoMessages } from '@tonnage/contracts';
import { tx, type FlowDiagramSource } from '../../model';
import { message } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, loanNotes, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const node = (place: 'terminal' | 'madinahMill', owner: 'amc' | 'hfm') => ({ place, owner });
const sameOwner = message(SwapCargoMessages.sameOwner);
const samePosition = message(SwapCargoMessages.samePosition);
const otSameOwner = message(OwnershipTransferMessages.sameOwner);

/** Two consignees exchange cargo at two places without a truck, then one hands cargo to the other in a warehouse. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-ownership-transfer-swap-cargo',
  summary: tx(
    'Two BL consignees of the same shipment manager hold wheat at each other’s places: Arabian Milling Company has wheat delivered to Hejaz Flour Mills’ site, and Hejaz Flour Mills has wheat in the terminal. A Swap Cargo exchanges the two stocks where they lie, the same quantity each way, so each owns wheat where it needs it; then an Ownership Transfer hands cargo from one consignee to the other inside the terminal. No truck moves for either: only owners change.',
    'مستلمان في بوليصتين تابعان لمدير الشحنة نفسه، لدى كلٍّ منهما قمح في مكان الآخر: لدى Arabian Milling Company قمح سُلّم إلى موقع Hejaz Flour Mills، ولدى Hejaz Flour Mills قمح في المحطة. تبادل «مبادلة البضائع» المخزونين حيث هما، بالكمية نفسها في كل اتجاه، فيملك كلٌّ قمحًا حيث يحتاجه؛ ثم ينقل «نقل الملكية» بضاعة من أحد المستلمَين إلى الآخر داخل المحطة. لا تتحرك أي شاحنة في الحالتين: يتغير المالكون فقط.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, madinahMill: places.madinahMill },
  owners: { amc: owners.amc, hfm: owners.hfm },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [
      { node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' },
      { node: { place: 'falcon', owner: 'hfm' }, bl: demo.hfmBl, lc: demo.hfmLc, consignee: owners.hfm.name, quantity: '20000' },
    ]),
    portLoadingStep({ id: 'amc', from: { place: 'falcon', owner: 'amc' }, to: node('terminal', 'amc'), quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'amc', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    portLoadingStep({ id: 'hfm', from: { place: 'falcon', owner: 'hfm' }, to: node('terminal', 'hfm'), quantity: '100', type: 'warehouse', bl: demo.hfmBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'hfm', warehouse: 'Jeddah Grain Terminal', owner: owners.hfm.name, storage: tx('Silo B1', 'Silo B1') }),
    portLoadingStep({
      id: 'sister',
      from: { place: 'falcon', owner: 'amc' },
      to: node('madinahMill', 'amc'),
      quantity: '60',
      type: 'directDelivery',
      bl: demo.amcBl,
      destination: 'HFM Madinah Mill',
      extra: tx('The site is Hejaz Flour Mills’, a consignee of the same shipment manager; the cargo arrives owned by Arabian Milling Company.', 'الموقع لـ Hejaz Flour Mills، وهي مستلم تابع لمدير الشحنة نفسه؛ وتصل البضاعة ملكًا لـ Arabian Milling Company.'),
    }),
    consigneeReceiptStep({ receives: 'sister', location: 'HFM Madinah Mill', owner: owners.amc.name }),
    {
      screens: ['swapCargo'],
      title: tx('Swap 60 MT: the Madinah wheat for the terminal wheat', 'مبادلة 60 طنًا: قمح المدينة مقابل قمح المحطة'),
      text: tx(
        'Add Cargo Swap. First owner’s stock: place type “Consignee location”, ‹HFM Madinah Mill›, “Arabian Milling Company · LC-NCB-2026-0412”. Second owner’s stock: place type “Warehouse”, ‹Jeddah Grain Terminal›, “Silo B1 · Hejaz Flour Mills · LC-SNB-2026-0377”. Quantity each side gives: 60. Each owner takes the other’s cargo with its LC and vessel, and keeps its own attached vessel.',
        'إضافة مبادلة بضائع. مخزون المالك الأول: نوع المكان «موقع المستلم»، ‹HFM Madinah Mill›، «Arabian Milling Company · LC-NCB-2026-0412». مخزون المالك الثاني: نوع المكان «مستودع»، ‹Jeddah Grain Terminal›، «Silo B1 · Hejaz Flour Mills · LC-SNB-2026-0377». الكمية التي يعطيها كل طرف: 60. يأخذ كل مالك بضاعة الآخر باعتمادها وسفينتها، ويحتفظ بسفينته المرتبطة.',
      ),
      moves: [
        { from: node('madinahMill', 'amc'), to: node('madinahMill', 'hfm'), quantity: '60', by: 'inPlace' },
        { from: node('terminal', 'hfm'), to: node('terminal', 'amc'), quantity: '60', by: 'inPlace' },
      ],
    },
    {
      screens: ['ownershipTransfer'],
      title: tx('Hejaz Flour Mills receives 25 MT in the terminal', 'Hejaz Flour Mills تتسلّم 25 طنًا في المحطة'),
      text: tx(
        'Add Ownership Transfer, place type “Warehouse”: ‹Jeddah Grain Terminal›, the position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, new owner Hejaz Flour Mills, quantity 25. The cargo stays in Silo A1 with its LC, vessel and attached vessel.',
        'إضافة نقل ملكية، نوع المكان «مستودع»: ‹Jeddah Grain Terminal›، الموضع «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، المالك الجديد Hejaz Flour Mills، الكمية 25. تبقى البضاعة في Silo A1 باعتمادها وسفينتها وسفينتها المرتبطة.',
      ),
      moves: [{ from: node('terminal', 'amc'), to: node('terminal', 'hfm'), quantity: '25', by: 'inPlace' }],
    },
  ],
  notes: [
    tx(`A swap needs two different owners (“${sameOwner.en}”) of the same cargo type, and two positions that differ (“${samePosition.en}”).`, `تحتاج المبادلة إلى مالكَين مختلفين («${sameOwner.ar}») لنوع البضاعة نفسه، وإلى موضعين مختلفين («${samePosition.ar}»).`),
    tx(
      `The new owner of an ownership transfer is a consignee or a shipment manager in your scope, other than the current owner (“${otSameOwner.en}”). Both screens reverse with a reason: the reversal posts the opposite and is refused once the new owner’s stock has moved on; neither is edited.`,
      `المالك الجديد في نقل الملكية مستلم أو مدير شحنة ضمن نطاقك، غير المالك الحالي («${otSameOwner.ar}»). وتعكس الشاشتان مع ذكر السبب: يقيّد العكس العكس، ويُرفض إذا تحرك مخزون المالك الجديد؛ ولا تُعدَّل أيٌّ منهما.`,
    ),
    loanNotes.usable,
  ],
};
