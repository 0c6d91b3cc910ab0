import { tx, type FlowDiagramSource } from '../../model';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, customerReceiptStep, portLoadingStep, shippingStep } from '../steps';

const board = { place: 'falcon', owner: 'amc' };
const amcAtMill = { place: 'madinahMill', owner: 'amc' };
const hfmAtMill = { place: 'madinahMill', owner: 'hfm' };
const hfmAtStore = { place: 'bakeryStore', owner: 'hfm' };

/** A BL delivered to a sister mill of the same shipment manager, handed over there, and sent on to a customer. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-to-consignee-location-2',
  summary: tx(
    'A direct delivery may also go to the site of another consignee of the same shipment manager. The cargo arrives there still owned by the BL consignee; a Consignee Transfer hands part of it to the site’s own consignee, which then sends a truck on to a customer’s store (Consignee Out, received on Customer In). A truck leaving a consignee’s site carries the owner’s cargo: the owner changes only through a transfer, a loan or a sale.',
    'يمكن أن يذهب التسليم المباشر أيضًا إلى موقع مستلم آخر تابع لمدير الشحنة نفسه. تصل البضاعة إلى هناك وما زالت ملكًا للمستلم في البوليصة؛ وينقل «نقل المستلم» جزءًا منها إلى مستلم الموقع نفسه، الذي يرسل بعد ذلك شاحنة إلى مخزن عميل («خروج المستلم»، وتُستلم في «دخول العميل»). الشاحنة التي تغادر موقع مستلم تحمل بضاعة مالكها: لا يتغير المالك إلا بنقل أو قرض أو بيع.',
  ),
  places: { falcon: places.falcon, madinahMill: places.madinahMill, bakeryStore: places.bakeryStore },
  owners: { amc: owners.amc, hfm: owners.hfm },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: board, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({
      id: 'trucks',
      from: board,
      to: amcAtMill,
      quantity: '70',
      type: 'directDelivery',
      bl: demo.amcBl,
      destination: 'HFM Madinah Mill',
      extra: tx(
        'The mill belongs to Hejaz Flour Mills, a consignee of the same shipment manager as the BL consignee, so it is a valid direct delivery; the owner at the destination stays the BL consignee.',
        'المطحنة ملك لـ Hejaz Flour Mills، وهي مستلم تابع لمدير الشحنة نفسه الذي يتبعه المستلم في البوليصة، فهو تسليم مباشر صحيح؛ ويبقى المالك في الوجهة هو المستلم في البوليصة.',
      ),
    }),
    consigneeReceiptStep({ receives: 'trucks', location: 'HFM Madinah Mill', owner: owners.amc.name }),
    {
      screens: ['consignee/consignee-transfer'],
      title: tx('Arabian Milling Company hands 40 MT to Hejaz Flour Mills', 'Arabian Milling Company تنقل 40 طنًا إلى Hejaz Flour Mills'),
      text: tx(
        'Consignee Transfer, Add: the consignee location ‹HFM Madinah Mill›, the position “Arabian Milling Company · LC-NCB-2026-0412”, the new consignee Hejaz Flour Mills, quantity 40, delivery in place. Both sides are consignees (to a shipment manager it would be a loan).',
        '«نقل المستلم»، إضافة: موقع المستلم ‹HFM Madinah Mill›، الموضع «Arabian Milling Company · LC-NCB-2026-0412»، المستلم الجديد Hejaz Flour Mills، الكمية 40، التسليم في المكان. الطرفان مستلمان (إلى مدير شحنة يكون قرضًا).',
      ),
      moves: [{ from: amcAtMill, to: hfmAtMill, quantity: '40', by: 'inPlace' }],
    },
    {
      screens: ['consignee-out', 'consigneeLoadingSlips'],
      title: tx('A truck leaves the mill for a customer’s store', 'شاحنة تغادر المطحنة إلى مخزن عميل'),
      text: tx(
        'Add Consignee Out: the consignee location ‹HFM Madinah Mill›, the position “Hejaz Flour Mills · LC-NCB-2026-0412”, the customer location ‹Makkah Central Bakery Store›, the truck, driver, WBT number and 30 MT. It is the truck’s consignee loading slip, numbered and printed from Consignee Loading Slips.',
        'إضافة خروج المستلم: موقع المستلم ‹HFM Madinah Mill›، الموضع «Hejaz Flour Mills · LC-NCB-2026-0412»، موقع العميل ‹Makkah Central Bakery Store›، والشاحنة والسائق ورقم تذكرة الميزان و30 طنًا. وهو إيصال تحميل المستلم للشاحنة، برقم تسلسلي ويُطبع من «إيصالات تحميل المستلم».',
      ),
      moves: [{ id: 'out', from: hfmAtMill, to: hfmAtStore, quantity: '30', by: 'truck' }],
    },
    customerReceiptStep({ receives: 'out', location: 'Makkah Central Bakery Store', owner: owners.hfm.name, slip: tx('the consignee loading slip (slip type “Consignee loading slip”)', 'إيصال تحميل المستلم (نوع الإيصال «إيصال تحميل المستلم»)') }),
  ],
  notes: [
    tx(
      'A Consignee Out can be edited (truck, driver, WBT, quantity) or reversed until a Customer In receives it; then the Customer In must be reversed first.',
      'يمكن تعديل «خروج المستلم» (الشاحنة والسائق ورقم التذكرة والكمية) أو عكسه حتى يستلمه «دخول العميل»؛ وبعدها يجب عكس «دخول العميل» أولًا.',
    ),
    tx(
      'A consignee location has no weighbridge in the product: Consignee In and Customer In take the site’s ticket number and the quantity typed, and show the transit loss against the slip.',
      'لا يوجد لموقع المستلم ميزان في المنتج: يأخذ «دخول المستلم» و«دخول العميل» رقم تذكرة الموقع والكمية المُدخلة، ويعرضان فاقد النقل مقارنة بالإيصال.',
    ),
  ],
};
