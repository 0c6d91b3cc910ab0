import { LoanMessages, Messages } from '@tonnage/contracts';
import { tx, type FlowNode, type FlowStep, type Text } from '../model';
import { message } from '../product';
import { kgOf, tonnes } from '../render/quantities';

/*
 * Steps that many flow diagrams share, written once: a BL on a voyage, a port loading and its trucks, the receipts at
 * a warehouse, a consignee's or a customer's place, a warehouse's dispatch (Pre Out, the two weighings, the Out), the
 * loan balance. Each says what the screen asks and what the product does, in English and Arabic.
 */

/** "300.000 MT" / "300.000 طن متري" inside a text. */
export const mt = (quantity: string): Text => ({ en: `${tonnes(kgOf(quantity))} MT`, ar: `${tonnes(kgOf(quantity))} طن متري` });

const both = (en: (q: Text) => string, ar: (q: Text) => string, quantity: string): Text => {
  const q = mt(quantity);
  return { en: en(q), ar: ar(q) };
};

export interface BlOnBoard {
  node: FlowNode;
  bl: string;
  lc: string;
  consignee: string;
  quantity: string;
}

/** Shipping: the BLs of the case on their voyage (VESSEL -> ON_BOARD). */
export function shippingStep(vessel: string, bls: readonly BlOnBoard[]): FlowStep {
  const listEn = bls.map((bl) => `‹${bl.bl}› (LC ‹${bl.lc}›, BL consignee ‹${bl.consignee}›, ${mt(bl.quantity).en})`).join(' and ');
  const listAr = bls.map((bl) => `‹${bl.bl}› (الاعتماد ‹${bl.lc}›، المستلم في البوليصة ‹${bl.consignee}›، ${mt(bl.quantity).ar})`).join(' و');
  return {
    screens: ['shipping'],
    title: bls.length > 1 ? tx('The BLs on the vessel', 'بوالص الشحن على السفينة') : tx('The BL on the vessel', 'بوليصة الشحن على السفينة'),
    text: tx(
      `Add shipment: the voyage of ‹${vessel}›, the consignment (LC/PO) and the BL: ${listEn}. The BL quantity is on board; the consignment’s BLs never exceed its quantity.`,
      `إضافة شحنة: رحلة ‹${vessel}›، والإرسالية (الاعتماد/أمر الشراء) والبوليصة: ${listAr}. تصبح كمية البوليصة على متن السفينة، ولا تتجاوز بوالص الإرسالية كميتها.`,
    ),
    moves: bls.map((bl) => ({ from: 'bl' as const, to: bl.node, quantity: bl.quantity, by: 'bl' as const })),
  };
}

const TYPES = {
  warehouse: tx('Warehouse Storage', 'تخزين في المستودع'),
  directDelivery: tx('Direct Delivery', 'تسليم مباشر'),
  customerDelivery: tx('Customer Delivery', 'تسليم العميل'),
} as const;

/** Port Loading of a BL and its loading slips (ON_BOARD -> IN_TRANSIT), received later by `id`. */
export function portLoadingStep(params: {
  id: string;
  from: FlowNode;
  to: FlowNode;
  quantity: string;
  type: keyof typeof TYPES;
  bl: string;
  destination: string;
  extra?: Text;
}): FlowStep {
  const type = TYPES[params.type];
  const extra = params.extra ?? tx('', '');
  return {
    screens: ['portLoading', 'loadingSlips'],
    title: both((q) => `${q.en} loaded at the port for ‹${params.destination}›`, (q) => `تحميل ${q.ar} في الميناء إلى ‹${params.destination}›`, params.quantity),
    text: both(
      (q) =>
        `Add Port Loading: the vessel’s voyage, the LC/PO of BL ‹${params.bl}›, transportation type “${type.en}”, destination ‹${params.destination}›, the transporter, quantity type BL. Each truck is a loading slip added on the port loading’s page (truck, driver, WBT number, quantity) and printed from Loading Slips; the slips together carry ${q.en}.${extra.en ? ` ${extra.en}` : ''}`,
      (q) =>
        `إضافة تحميل من الميناء: رحلة السفينة، والاعتماد/أمر الشراء للبوليصة ‹${params.bl}›، نوع النقل «${type.ar}»، الوجهة ‹${params.destination}›، الناقل، ونوع الكمية «بوليصة». كل شاحنة إيصال تحميل يُضاف في صفحة عملية التحميل (الشاحنة والسائق ورقم تذكرة الميزان والكمية) ويُطبع من «إيصالات التحميل»؛ وتحمل الإيصالات معًا ${q.ar}.${extra.ar ? ` ${extra.ar}` : ''}`,
      params.quantity,
    ),
    moves: [{ id: params.id, from: params.from, to: params.to, quantity: params.quantity, by: 'truck' }],
  };
}

/** Warehouse Pre In and Warehouse In: the trucks weighed in loaded, then empty, the net put in silos or the open area. */
export function warehouseReceiptStep(params: { receives: string; warehouse: string; owner: string; storage: Text }): FlowStep {
  return {
    screens: ['warehouse-pre-in', 'warehouse-in'],
    title: tx(`‹${params.warehouse}› receives the trucks`, `‹${params.warehouse}› يستلم الشاحنات`),
    text: tx(
      `Warehouse Pre In: the warehouse and the slip in transit; the loaded truck is weighed on the weighbridge. Warehouse In: the Pre In’s ticket, the empty truck weighed; received = loaded − empty, put in ${params.storage.en}. The cargo is on hand, owned by ‹${params.owner}›; a difference to the slip is the transit loss.`,
      `ما قبل دخول المستودع: المستودع والإيصال الذي في الطريق؛ تُوزن الشاحنة محمّلة على الميزان. دخول المستودع: تذكرة ما قبل الدخول، وتُوزن الشاحنة فارغة؛ المستلَم = المحمّل − الفارغ، ويوضع في ${params.storage.ar}. تصبح البضاعة في المخزون ملكًا لـ ‹${params.owner}›، والفرق عن الإيصال هو فاقد النقل.`,
    ),
    receives: params.receives,
  };
}

/** Consignee In at a consignee's delivery location (a typed ticket and quantity: no weighbridge there). */
export function consigneeReceiptStep(params: { receives: string; location: string; owner: string; slip?: Text }): FlowStep {
  const slip = params.slip ?? tx('the slip in transit', 'الإيصال الذي في الطريق');
  return {
    screens: ['consignee-in'],
    title: tx(`‹${params.location}› receives the trucks`, `‹${params.location}› يستلم الشاحنات`),
    text: tx(
      `Consignee In: ${slip.en}, the site’s WBT number and the quantity received. The cargo is on hand in the site’s open area, owned by ‹${params.owner}›; the screen shows the transit loss before it saves.`,
      `دخول المستلم: ${slip.ar}، ورقم تذكرة ميزان الموقع والكمية المستلمة. تصبح البضاعة في المنطقة المفتوحة للموقع ملكًا لـ ‹${params.owner}›، وتعرض الشاشة فاقد النقل قبل الحفظ.`,
    ),
    receives: params.receives,
  };
}

/** Customer In at a customer's delivery location. */
export function customerReceiptStep(params: { receives: string; location: string; owner: string; slip: Text }): FlowStep {
  return {
    screens: ['customer-in'],
    title: tx(`‹${params.location}› receives the trucks`, `‹${params.location}› يستلم الشاحنات`),
    text: tx(
      `Customer In: ${params.slip.en}, the WBT number and the quantity received. The cargo is on hand at the customer’s place, owned by ‹${params.owner}›.`,
      `دخول العميل: ${params.slip.ar}، ورقم تذكرة الميزان والكمية المستلمة. تصبح البضاعة في مخزون موقع العميل ملكًا لـ ‹${params.owner}›.`,
    ),
    receives: params.receives,
  };
}

/** Warehouse Pre Out: a quantity of a stock position committed for a truck (usable falls, nothing moves). */
export function preOutStep(params: { at: FlowNode; warehouse: string; quantity: string; truck: string }): FlowStep {
  return {
    screens: ['warehouse-pre-out'],
    title: both((q) => `${q.en} committed for a truck`, (q) => `الالتزام بـ ${q.ar} لشاحنة`, params.quantity),
    text: both(
      (q) => `Add Pre Out: warehouse ‹${params.warehouse}›, the stock position (silo or open area, owner, LC/PO, usable), the truck ‹${params.truck}›, its driver and ${q.en}. The quantity is committed: it stays on hand but is no longer usable by other screens.`,
      (q) => `إضافة ما قبل الخروج: المستودع ‹${params.warehouse}›، وموضع المخزون (الصومعة أو المنطقة المفتوحة، المالك، الاعتماد/أمر الشراء، المتاح)، والشاحنة ‹${params.truck}› وسائقها و${q.ar}. تُلتزم الكمية: تبقى في المخزون لكنها لم تعد متاحة للشاشات الأخرى.`,
      params.quantity,
    ),
    at: params.at,
    ledger: tx('the position’s committed quantity grows (usable = on hand − committed); no stock moves.', 'تزداد الكمية الملتزم بها في الموضع (المتاح = المخزون − الملتزم به)؛ لا يتحرك مخزون.'),
  };
}

/** Outbound First Weight and Outbound Second Weight: the truck empty, then loaded, on the warehouse's weighbridge. */
export function weighingStep(params: { at: FlowNode; truck: string }): FlowStep {
  return {
    screens: ['outbound-first-weight', 'outbound-second-weight'],
    title: tx('The truck is weighed empty, then loaded', 'تُوزن الشاحنة فارغة ثم محمّلة'),
    text: tx(
      `Outbound First Weight: the truck ‹${params.truck}›, its driver, the warehouse and its weighbridge; the weight is captured from the bridge when it is stable. Outbound Second Weight: the open first weight, the loaded truck captured; net = the difference, printed on the ticket.`,
      `الوزن الأول للخروج: الشاحنة ‹${params.truck}› وسائقها والمستودع وميزانه؛ يُلتقط الوزن من الميزان عند استقراره. الوزن الثاني للخروج: الوزن الأول المفتوح، وتُلتقط الشاحنة محمّلة؛ الصافي = الفرق، ويُطبع على التذكرة.`,
    ),
    at: params.at,
    ledger: tx('nothing is posted: the weighings feed the Warehouse Out.', 'لا يُقيَّد شيء: تغذّي الوزنات خروج المستودع.'),
  };
}

/** Warehouse Out: the Pre Out and the second weight dispatched to a destination (ON_HAND -> IN_TRANSIT). */
export function warehouseOutStep(params: { id: string; from: FlowNode; to: FlowNode; quantity: string; destinationType: Text; destination: string }): FlowStep {
  return {
    screens: ['warehouse-out', 'warehouseLoadingSlips'],
    title: both((q) => `${q.en} dispatched to ‹${params.destination}›`, (q) => `إرسال ${q.ar} إلى ‹${params.destination}›`, params.quantity),
    text: both(
      (q) =>
        `Add Warehouse Out: the open Pre Out, the truck’s second weight (its net, the WBQ, may not be below the Pre Out’s quantity), destination type “${params.destinationType.en}”, destination ‹${params.destination}›. The Out closes the Pre Out and is the truck’s warehouse loading slip (printed from Warehouse Loading Slips); ${q.en} leave the warehouse.`,
      (q) =>
        `إضافة خروج المستودع: ما قبل الخروج المفتوح، والوزن الثاني للشاحنة (لا يقل صافيه عن كمية ما قبل الخروج)، نوع الوجهة «${params.destinationType.ar}»، الوجهة ‹${params.destination}›. يغلق الخروج ما قبل الخروج ويكون إيصال تحميل المستودع للشاحنة (يُطبع من «إيصالات تحميل المستودع»)؛ ويغادر ${q.ar} المستودع.`,
      params.quantity,
    ),
    moves: [{ id: params.id, from: params.from, to: params.to, quantity: params.quantity, by: 'truck' }],
  };
}

/** Reports > Loan Report: the loan line and its movements. */
export function loanReportStep(params: { at: FlowNode; lender: string; borrower: string; lc: string; issued: string; returned: string }): FlowStep {
  const issued = mt(params.issued);
  const returned = mt(params.returned);
  const outstanding = mt(((kgOf(params.issued) - kgOf(params.returned)) / 1000).toFixed(3));
  return {
    screens: ['loan-report'],
    title: tx('The loan balance of the line', 'رصيد القرض للسطر'),
    text: tx(
      `The line of lender ‹${params.lender}›, borrower ‹${params.borrower}›, LC ‹${params.lc}›: issued ${issued.en}, returned ${returned.en}, outstanding ${outstanding.en} (choose “All” to see lines fully returned). Opening the line lists its movements, each loan (L) and return (LR) with the outstanding after it, each opening its record.`,
      `سطر المُقرض ‹${params.lender}› والمقترض ‹${params.borrower}› والاعتماد ‹${params.lc}›: المُقرَض ${issued.ar}، والمُرجَع ${returned.ar}، والمتبقي ${outstanding.ar} (اختر «الكل» لرؤية الأسطر المُرجَعة بالكامل). يعرض فتح السطر حركاته، كل قرض (L) وإرجاع (LR) مع المتبقي بعده، وكلٌّ منها يفتح سجله.`,
    ),
    at: params.at,
    ledger: tx('nothing is posted: the report reads the loans and their returns.', 'لا يُقيَّد شيء: يقرأ التقرير القروض وإرجاعاتها.'),
  };
}

const notAvailable = message(Messages.quantityNotAvailable);
const aboveOutstanding = message(LoanMessages.returnAboveOutstanding);

/** Notes many loan cases share. */
export const loanNotes = {
  reversal: tx(
    'A loan cannot be reversed while a return or a Loan port loading stands on it: reverse those first. A return’s reversal makes the outstanding grow again; it is refused once the consignee’s returned cargo has moved on.',
    'لا يمكن عكس القرض ما دام عليه إرجاع أو تحميل من الميناء بنوع «قرض» قائم: اعكسها أولًا. عكس الإرجاع يعيد زيادة المتبقي، ويُرفض إذا كانت البضاعة المُرجَعة للمستلم قد تحركت.',
  ),
  usable: tx(
    `Every quantity is checked against the usable stock of the position it leaves (on hand less what Pre Outs committed); above it the screen answers “${notAvailable.en}”.`,
    `تُقارَن كل كمية بالمتاح في الموضع الذي تغادره (المخزون ناقص ما التزمت به عمليات ما قبل الخروج)؛ وإذا تجاوزته تجيب الشاشة «${notAvailable.ar}».`,
  ),
  aboveOutstanding: tx(
    `A return never exceeds the loan’s outstanding quantity (“${aboveOutstanding.en}”).`,
    `لا يتجاوز الإرجاع الكمية المتبقية من القرض («${aboveOutstanding.ar}»).`,
  ),
  borrower: tx(
    'The borrower is always the lending consignee’s own shipment manager (set on the consignee in Master Data); a consignee without one cannot lend.',
    'المقترض دائمًا هو مدير الشحنة التابع للمستلم المُقرض (المحدد في المستلم ضمن البيانات الرئيسية)؛ والمستلم الذي ليس له مدير شحنة لا يمكنه الإقراض.',
  ),
};
