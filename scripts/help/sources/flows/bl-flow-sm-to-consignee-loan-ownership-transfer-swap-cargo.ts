import { tx, type FlowDiagramSource } from '../../model';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const node = (place: 'terminal' | 'madinahMill', owner: 'amc' | 'rsgl' | 'hfm' | 'bakeries') => ({ place, owner });

/** The shipment manager returns a loan with cargo obtained at another place, and a swap brings the lender's wheat home. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-sm-to-consignee-loan-ownership-transfer-swap-cargo',
  summary: tx(
    'The shipment manager borrows wheat in a warehouse and sells it there. To give the loan back it receives wheat from another of its consignees at that consignee’s mill (Ownership Transfer at a consignee location) and returns it to the lender from there (SM To Consignee, other cargo). The lender now owns wheat at the other consignee’s mill, and that consignee has wheat in the warehouse: a Swap Cargo exchanges the two, so each owns wheat where it needs it. No truck moves after the receipts.',
    'يقترض مدير الشحنة قمحًا في مستودع ويبيعه هناك. ولإرجاع القرض يتسلّم قمحًا من مستلم آخر تابع له في مطحنة ذلك المستلم (نقل الملكية في موقع مستلم)، ويُرجعه للمُقرض من هناك (من مدير الشحنة إلى المستلم، بضاعة أخرى). صار المُقرض يملك قمحًا في مطحنة المستلم الآخر، ولذلك المستلم قمح في المستودع: تبادل «مبادلة البضائع» بين الاثنين، فيملك كلٌّ قمحًا حيث يحتاجه. لا تتحرك أي شاحنة بعد الاستلام.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, madinahMill: places.madinahMill },
  owners: { amc: owners.amc, rsgl: owners.rsgl, hfm: owners.hfm, bakeries: owners.bakeries },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [
      { node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' },
      { node: { place: 'falcon', owner: 'hfm' }, bl: demo.hfmBl, lc: demo.hfmLc, consignee: owners.hfm.name, quantity: '20000' },
    ]),
    portLoadingStep({ id: 'amc', from: { place: 'falcon', owner: 'amc' }, to: node('terminal', 'amc'), quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'amc', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    portLoadingStep({ id: 'hfm', from: { place: 'falcon', owner: 'hfm' }, to: node('terminal', 'hfm'), quantity: '100', type: 'warehouse', bl: demo.hfmBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'hfm', warehouse: 'Jeddah Grain Terminal', owner: owners.hfm.name, storage: tx('Silo B1', 'Silo B1') }),
    portLoadingStep({ id: 'mill', from: { place: 'falcon', owner: 'hfm' }, to: node('madinahMill', 'hfm'), quantity: '120', type: 'directDelivery', bl: demo.hfmBl, destination: 'HFM Madinah Mill' }),
    consigneeReceiptStep({ receives: 'mill', location: 'HFM Madinah Mill', owner: owners.hfm.name }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('Arabian Milling Company lends 20 MT in the terminal', 'Arabian Milling Company تُقرض 20 طنًا في المحطة'),
      text: tx(
        'Add Consignee to SM: Jeddah Grain Terminal, the position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, quantity 20, in place. Outstanding 20 MT.',
        'إضافة من المستلم إلى مدير الشحنة: Jeddah Grain Terminal، الموضع «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، الكمية 20، في المكان. المتبقي 20 طنًا.',
      ),
      moves: [{ from: node('terminal', 'amc'), to: node('terminal', 'rsgl'), quantity: '20', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['warehouse/consignee-to-customer'],
      title: tx('The shipment manager sells the 20 MT', 'مدير الشحنة يبيع العشرين طنًا'),
      text: tx(
        'Add Consignee to Customer: Jeddah Grain Terminal, seller Red Sea Grain Logistics, its position in Silo A1, customer Makkah Bakeries Cooperative, quantity 20, delivery in place.',
        'إضافة من المستلم إلى العميل: Jeddah Grain Terminal، البائع Red Sea Grain Logistics، موضعه في Silo A1، العميل Makkah Bakeries Cooperative، الكمية 20، التسليم في المكان.',
      ),
      moves: [{ from: node('terminal', 'rsgl'), to: node('terminal', 'bakeries'), quantity: '20', by: 'inPlace' }],
    },
    {
      screens: ['ownershipTransfer'],
      title: tx('Hejaz Flour Mills hands 20 MT to the manager at its mill', 'Hejaz Flour Mills تسلّم 20 طنًا للمدير في مطحنتها'),
      text: tx(
        'Add Ownership Transfer, place type “Consignee location”: ‹HFM Madinah Mill›, the position “Hejaz Flour Mills · LC-SNB-2026-0377” in its open area, new owner Red Sea Grain Logistics, quantity 20. The new owner is a consignee or shipment manager in your scope.',
        'إضافة نقل ملكية، نوع المكان «موقع المستلم»: ‹HFM Madinah Mill›، الموضع «Hejaz Flour Mills · LC-SNB-2026-0377» في منطقته المفتوحة، المالك الجديد Red Sea Grain Logistics، الكمية 20. يكون المالك الجديد مستلمًا أو مدير شحنة ضمن نطاقك.',
      ),
      moves: [{ from: node('madinahMill', 'hfm'), to: node('madinahMill', 'rsgl'), quantity: '20', by: 'inPlace' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The loan is returned at the Madinah mill', 'يُرجَع القرض في مطحنة المدينة'),
      text: tx(
        'Add SM to Consignee: the loan (outstanding 20), return from “Other cargo of the shipment manager”: “HFM Madinah Mill · Open area · LC-SNB-2026-0377”, quantity 20, no truck. Arabian Milling Company owns these 20 MT at the Madinah mill, attached to the loan’s vessel. Outstanding: 0.',
        'إضافة من مدير الشحنة إلى المستلم: القرض (المتبقي 20)، الإرجاع من «بضاعة أخرى لمدير الشحنة»: «HFM Madinah Mill · منطقة مفتوحة · LC-SNB-2026-0377»، الكمية 20، دون شاحنة. تملك Arabian Milling Company هذه الأطنان العشرين في مطحنة المدينة، مرتبطة بسفينة القرض. المتبقي: صفر.',
      ),
      moves: [{ from: node('madinahMill', 'rsgl'), to: node('madinahMill', 'amc'), quantity: '20', by: 'inPlace', loan: 'returned' }],
    },
    {
      screens: ['swapCargo'],
      title: tx('A swap brings each mill’s wheat where it needs it', 'المبادلة تضع قمح كل مطحنة حيث تحتاجه'),
      text: tx(
        'Add Cargo Swap: first owner’s stock, place type “Consignee location”: HFM Madinah Mill, “Arabian Milling Company · LC-SNB-2026-0377”; second owner’s stock, place type “Warehouse”: Jeddah Grain Terminal, “Silo B1 · Hejaz Flour Mills · LC-SNB-2026-0377”; quantity each side gives 20. Arabian Milling Company owns 20 MT in Silo B1, Hejaz Flour Mills its 20 MT at its mill again.',
        'إضافة مبادلة بضائع: مخزون المالك الأول، نوع المكان «موقع المستلم»: HFM Madinah Mill، «Arabian Milling Company · LC-SNB-2026-0377»؛ مخزون المالك الثاني، نوع المكان «مستودع»: Jeddah Grain Terminal، «Silo B1 · Hejaz Flour Mills · LC-SNB-2026-0377»؛ الكمية التي يعطيها كل طرف 20. تملك Arabian Milling Company عشرين طنًا في Silo B1، وتعود لـ Hejaz Flour Mills أطنانها العشرون في مطحنتها.',
      ),
      moves: [
        { from: node('madinahMill', 'amc'), to: node('madinahMill', 'hfm'), quantity: '20', by: 'inPlace' },
        { from: node('terminal', 'hfm'), to: node('terminal', 'amc'), quantity: '20', by: 'inPlace' },
      ],
    },
    loanReportStep({ at: node('terminal', 'amc'), lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '20', returned: '20' }),
  ],
  notes: [
    tx(
      'A swap is one posting of four lines, whatever the two places: each owner gives the same quantity of the same cargo type. Its reversal posts the opposite and is refused once a received position has moved on. A swap is not edited.',
      'المبادلة قيد واحد من أربعة أسطر أيًّا كان المكانان: يعطي كل مالك الكمية نفسها من نوع البضاعة نفسه. ويقيّد عكسها العكس، ويُرفض إذا تحرك أحد المواضع المستلَمة. ولا تُعدَّل المبادلة.',
    ),
    tx(
      'A loan returned from other cargo keeps the loan’s vessel as the returned cargo’s attached vessel, so the vessel figures stay with the BL that was lent.',
      'يحتفظ القرض المُرجَع من بضاعة أخرى بسفينة القرض سفينةً مرتبطة بالبضاعة المُرجَعة، فتبقى أرقام السفينة مع البوليصة التي أُقرضت.',
    ),
    loanNotes.usable,
  ],
};
