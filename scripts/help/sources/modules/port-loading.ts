import { Messages, PortLoadingMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** Port Loading: planning a BL's cargo for a destination and the loading slips of its trucks. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'port-loading',
  intro: tx(
    'A port loading plans how much of a BL leaves the port for one destination, with one transporter: a warehouse (Warehouse Storage), a site of the BL consignee (Direct Delivery) or a customer’s site (Customer Delivery). Each truck that leaves is a loading slip on the port loading’s page: its truck, driver, weighbridge ticket and quantity. The slip takes the cargo off the vessel; the destination’s receipt (Warehouse In, Consignee In, Customer In) puts it on hand there.',
    'تخطط عملية التحميل من الميناء لكمية من البوليصة تغادر الميناء إلى وجهة واحدة مع ناقل واحد: مستودع (تخزين في المستودع)، أو موقع للمستلم في البوليصة (تسليم مباشر)، أو موقع عميل (تسليم العميل). كل شاحنة تغادر إيصال تحميل في صفحة عملية التحميل: شاحنتها وسائقها وتذكرة الميزان والكمية. يأخذ الإيصال البضاعة من السفينة، ويضعها استلام الوجهة (دخول المستودع، دخول المستلم، دخول العميل) في مخزونها.',
  ),
  screens: [
    {
      menu: 'portLoading',
      title: label('portLoading.title'),
      purpose: tx(
        'The list shows each port loading’s vessel and voyage, LC/PO, destination, transporter, quantity, what its slips loaded, the trips, what is in transit and what remains; filters by voyage, destination, consignee, type, status and date. Add opens the form; the edit action opens the port loading’s page with its loading slips.',
        'تعرض القائمة لكل عملية تحميل السفينة والرحلة والاعتماد/أمر الشراء والوجهة والناقل والكمية وما حمّلته إيصالاتها والرحلات وما في الطريق والمتبقي؛ مع تصفية حسب الرحلة والوجهة والمستلم والنوع والحالة والتاريخ. تفتح الإضافة النموذج، ويفتح إجراء التعديل صفحة عملية التحميل مع إيصالات تحميلها.',
      ),
      shots: [
        shot('portLoading', 'port-loading-page', tx('The port loadings of the demo season.', 'عمليات التحميل من الميناء في الموسم التجريبي.')),
        shot(
          'portLoading',
          'port-loading-page',
          tx('The loading slips on the page of the port loading to Jeddah Grain Terminal, with the form that adds the next truck.', 'إيصالات التحميل في صفحة عملية التحميل إلى Jeddah Grain Terminal، مع النموذج الذي يضيف الشاحنة التالية.'),
          [{ click: 'pl-edit', inRowWith: 'Jeddah Grain Terminal' }, { waitFor: 'slips-table' }],
          'pl-detail-loaded',
        ),
      ],
      howTo: [
        tx('Click Add, choose the vessel’s voyage, then the LC/PO of a BL on it: the screen shows what is on board.', 'انقر «إضافة»، واختر رحلة السفينة، ثم الاعتماد/أمر الشراء لبوليصة عليها: تعرض الشاشة ما على متن السفينة.'),
        tx('Choose the transportation type and the destination, the transporter (Self, a transporter company or a third party by name), the quantity type and the quantity; save.', 'اختر نوع النقل والوجهة، والناقل (ذاتي، أو شركة نقل، أو طرف ثالث بالاسم)، ونوع الكمية والكمية؛ واحفظ.'),
        tx('On the port loading’s page, add a loading slip for each truck: truck, driver, WBT number and the quantity weighed. Print it from the slips list or from Loading Slips.', 'في صفحة عملية التحميل، أضف إيصال تحميل لكل شاحنة: الشاحنة والسائق ورقم تذكرة الميزان والكمية الموزونة. واطبعه من قائمة الإيصالات أو من «إيصالات التحميل».'),
      ],
      fields: [
        field('portLoading.vesselVoyage', 'The voyage whose BLs are loaded.', 'الرحلة التي تُحمَّل بوالصها.'),
        field('portLoading.lcPo', 'The LC/PO (its BL on that voyage); the screen shows its quantity on board.', 'الاعتماد/أمر الشراء (بوليصته في تلك الرحلة)؛ وتعرض الشاشة كميتها على متن السفينة.'),
        field('portLoading.loadingDate', 'The day the loading is planned for.', 'اليوم المخطط للتحميل.'),
        field('portLoading.transportationType', 'Warehouse Storage, Direct Delivery (a site of the BL consignee or of a consignee of its shipment manager) or Customer Delivery (a customer’s site: the customer becomes the owner).', 'تخزين في المستودع، أو تسليم مباشر (موقع للمستلم في البوليصة أو لمستلم تابع لمدير شحنته)، أو تسليم العميل (موقع عميل: يصبح العميل هو المالك).'),
        field('portLoading.destinationLabel', 'The warehouse, consignee location or customer location, as the type asks.', 'المستودع أو موقع المستلم أو موقع العميل، بحسب النوع.'),
        field('portLoading.transporter', 'Self (trucks the agency arranges itself), a transporter company, or a third party named in the next field.', 'ذاتي (شاحنات ترتبها الوكالة بنفسها)، أو شركة نقل، أو طرف ثالث يُذكر اسمه في الحقل التالي.'),
        field('portLoading.quantityType', 'BL: the BL consignee’s cargo. Loan: cargo the consignee lent on board to its shipment manager (Consignee To SM, On board); then the loan is chosen and the shipment manager owns what arrives.', 'بوليصة: بضاعة المستلم في البوليصة. قرض: بضاعة أقرضها المستلم على متن السفينة لمدير الشحنة (من المستلم إلى مدير الشحنة، على متن السفينة)؛ وعندها يُختار القرض ويملك مدير الشحنة ما يصل.'),
        field('cargo.quantityMt', 'The planned quantity; never more than the BL has on board less what its other port loadings still plan, never below what its slips loaded.', 'الكمية المخططة؛ لا تتجاوز ما على متن السفينة من البوليصة بعد خصم ما تخطط له عمليات التحميل الأخرى، ولا تقل عما حمّلته إيصالاتها.'),
        field('portLoading.wbtNumber', 'On a loading slip: the port weighbridge ticket, unique among live slips.', 'في إيصال التحميل: تذكرة ميزان الميناء، فريدة بين الإيصالات القائمة.'),
        field('portLoading.truck', 'On a loading slip: a truck of the port loading’s transporter, allowed by the truck rules; its quantity never above the truck’s capacity.', 'في إيصال التحميل: شاحنة من ناقل عملية التحميل، تسمح بها قواعد الشاحنات؛ ولا تتجاوز كميتها سعة الشاحنة.'),
        field('portLoading.driver', 'On a loading slip: a driver of that transporter, allowed by the driver rules (licence, trips per day).', 'في إيصال التحميل: سائق من ذلك الناقل، تسمح به قواعد السائقين (الرخصة، الرحلات اليومية).'),
      ],
      checks: [
        check(PortLoadingMessages.quantityAboveOnBoard),
        check(PortLoadingMessages.ownerShipmentManagerNeedsLoan),
        check(PortLoadingMessages.loanAboveQuantity),
        check(PortLoadingMessages.lockedBySlips),
        check(PortLoadingMessages.exceedsPortLoading),
        check(PortLoadingMessages.truckOfOtherTransporter),
        check(PortLoadingMessages.wbtTaken),
        check(Messages.portLoadingInWarehouse),
      ],
      ledger: tx(
        'A port loading posts nothing: it is a plan. Each loading slip posts its quantity from the BL’s cargo on board to its truck (ON_BOARD → IN_TRANSIT of the trip, with the owner at the destination). The receipt at the destination takes it off the truck; what it misses is transit loss.',
        'لا تقيّد عملية التحميل شيئًا: إنها خطة. ويقيّد كل إيصال تحميل كميته من بضاعة البوليصة على متن السفينة إلى شاحنته (على متن السفينة ← في الطريق للرحلة، مع المالك في الوجهة). ويأخذها الاستلام في الوجهة من الشاحنة، وما ينقص هو فاقد النقل.',
      ),
      afterwards: [
        tx('Once slips exist, the voyage, LC/PO, destination, owner and transporter are fixed; the quantity can still change within the rules.', 'بعد وجود إيصالات تُثبَّت الرحلة والاعتماد/أمر الشراء والوجهة والمالك والناقل؛ ويمكن تغيير الكمية ضمن القواعد.'),
        tx('A slip is reversed with a reason until it is received. A port loading’s reversal also reverses its slips in transit, after the dialog confirms their number; it is refused once one of its slips is received.', 'يُعكس الإيصال مع ذكر السبب حتى يُستلم. ويعكس عكسُ عملية التحميل إيصالاتها التي في الطريق أيضًا بعد تأكيد عددها في مربع الحوار؛ ويُرفض بعد استلام أحد إيصالاتها.'),
      ],
    },
    {
      menu: 'loadingSlips',
      title: label('menu.loadingSlips'),
      purpose: tx(
        'Every loading slip of the agency with its number (gap-free, per agency), time, truck, driver, WBT number, quantity and whether it is in transit or delivered; filtered and exported like the other lists. The print action opens the slip as the driver carries it (English and Arabic side by side) with a PDF download.',
        'كل إيصالات التحميل في الوكالة برقمها (متسلسل دون فجوات لكل وكالة) ووقتها وشاحنتها وسائقها ورقم تذكرة الميزان والكمية، وهل هي في الطريق أم مُسلَّمة؛ مع التصفية والتصدير كسائر القوائم. يفتح إجراء الطباعة الإيصال كما يحمله السائق (بالعربية والإنجليزية جنبًا إلى جنب) مع تنزيل PDF.',
      ),
      shots: [shot('loadingSlips', 'loading-slips-page', tx('A loading slip ready to print.', 'إيصال تحميل جاهز للطباعة.'), [{ click: 'slips-print' }, { waitFor: 'slip-sheet' }])],
    },
  ],
};
