import { PortLoadingMessages } from '@tonnage/contracts';
import { tx, type FlowDiagramSource } from '../../model';
import { menuPath, message } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, mt, portLoadingStep, shippingStep } from '../steps';

const board = { place: 'falcon', owner: 'hfm' };
const mill = { place: 'madinahMill', owner: 'hfm' };
const approval = menuPath('vesselQuantityApproval/quantityApproval');
const delivered = message(PortLoadingMessages.loadingSlipDelivered);

/** A BL delivered straight from the port to its consignee's mill (direct delivery), after its out-turn is approved. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-to-consignee-location-1',
  summary: tx(
    'The simplest road from the vessel to a consignee: the BL’s out-turn is approved (here an excess found by the draft survey), a port loading of transportation type Direct Delivery sends trucks from the port to the BL consignee’s own mill, and the mill receives each truck on Consignee In. No warehouse is involved; the cargo stays the BL consignee’s from the vessel to the mill.',
    'أبسط طريق من السفينة إلى المستلم: تُعتمد كمية تفريغ البوليصة (هنا زيادة وجدها مسح الغاطس)، وترسل عملية تحميل بنوع النقل «تسليم مباشر» الشاحنات من الميناء إلى مطحنة المستلم في البوليصة، وتستلم المطحنة كل شاحنة في «دخول المستلم». لا يدخل أي مستودع؛ وتبقى البضاعة ملكًا للمستلم في البوليصة من السفينة إلى المطحنة.',
  ),
  places: { falcon: places.falcon, madinahMill: places.madinahMill },
  owners: { hfm: owners.hfm },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: board, bl: demo.hfmBl, lc: demo.hfmLc, consignee: owners.hfm.name, quantity: '20000' }]),
    {
      screens: ['vesselQuantityApproval/quantityApproval'],
      title: tx(`The out-turn: ${mt('46.4').en} more than the BL`, `كمية التفريغ: ${mt('46.4').ar} أكثر من البوليصة`),
      text: tx(
        `${approval.en}, Add: the voyage, the BL ‹${demo.hfmBl}› (BL quantity 20,000.000 MT) and the discharged quantity 20,046.400; the screen shows the excess live. The approval rule’s approvers decide in their order; on the final approval (at once when the agency has no rule) the excess is posted on board.`,
        `«${approval.ar}»، إضافة: الرحلة والبوليصة ‹${demo.hfmBl}› (كمية البوليصة 20,000.000 طن متري) والكمية المُفرَّغة 20,046.400؛ وتعرض الشاشة الزيادة مباشرة. يقرر المعتمدون في قاعدة الاعتماد بترتيبهم، وعند الاعتماد الأخير (فورًا إن لم يكن للوكالة قاعدة) تُقيَّد الزيادة على متن السفينة.`,
      ),
      adjust: { at: board, quantity: '46.4', account: 'VESSEL' },
    },
    portLoadingStep({
      id: 'trucks',
      from: board,
      to: mill,
      quantity: '67.34',
      type: 'directDelivery',
      bl: demo.hfmBl,
      destination: 'HFM Madinah Mill',
      extra: tx(
        'The port loading plans 600 MT (never more than the BL has on board less what its other port loadings still plan); two trucks have left so far, 33.450 and 33.890 MT.',
        'تخطط عملية التحميل لـ 600 طن متري (ولا تتجاوز أبدًا ما على متن السفينة من البوليصة بعد خصم ما تخطط له عمليات التحميل الأخرى)؛ وقد غادرت حتى الآن شاحنتان، 33.450 و33.890 طنًا متريًا.',
      ),
    }),
    consigneeReceiptStep({ receives: 'trucks', location: 'HFM Madinah Mill', owner: owners.hfm.name, slip: tx('each port loading slip in transit to the mill', 'كل إيصال تحميل من الميناء في الطريق إلى المطحنة') }),
  ],
  notes: [
    tx(
      `A loading slip cannot be reversed once received (“${delivered.en}”); a port loading cannot be reversed once one of its slips is received. Reverse the Consignee In first.`,
      `لا يمكن عكس إيصال التحميل بعد استلامه («${delivered.ar}»)، ولا يمكن عكس عملية التحميل بعد استلام أحد إيصالاتها. اعكس «دخول المستلم» أولًا.`,
    ),
    tx(
      'While an out-turn is approved or pending, the BL’s quantity, voyage and LC/PO cannot change; a rejected or reversed out-turn does not stand.',
      'ما دامت كمية التفريغ معتمدة أو بانتظار الاعتماد، لا يمكن تغيير كمية البوليصة أو رحلتها أو اعتمادها/أمر شرائها؛ وكمية التفريغ المرفوضة أو المعكوسة لا تُعتدّ.',
    ),
  ],
};
