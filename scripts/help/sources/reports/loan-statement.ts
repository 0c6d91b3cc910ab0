import { tx, type ModuleGuideSource } from '../../model';
import { label, menuPath } from '../../product';
import { field, shot } from '../guide';

const loans = menuPath('warehouse/consignee-to-sm');
const siteLoans = menuPath('consignee/consignee-to-sm');
const returns = menuPath('warehouse/sm-to-consignee');
const opening = label('reports.opening');
const issued = label('reports.issued');
const returned = label('reports.returned');
const closing = label('reports.closing');

/** The Loan Statement: per lender, borrower and consignment, what was lent and given back over a period. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'loan-statement',
  intro: tx(
    `The loan statement answers, for each lender (a consignee), borrower (its shipment manager) and consignment (LC/PO) of a cargo type: how much was outstanding at the start of a period, how much was lent and given back during it, and how much is still owed at its end, with every movement behind the figures. Its figures come only from the loans (L) of ${loans.en} and ${siteLoans.en} (also the loans on board) and the returns (LR) of ${returns.en}; reversed records count for nothing.`,
    `يجيب كشف القروض، لكل مُقرض (مستلم) ومقترض (مدير الشحنة التابع له) وإرسالية (اعتماد/أمر شراء) من نوع بضاعة: كم كان متبقيًا في بداية فترة، وكم أُقرض وأُرجع خلالها، وكم ما زال مستحقًا في نهايتها، مع كل حركة وراء الأرقام. ولا تأتي أرقامه إلا من القروض (L) في «${loans.ar}» و«${siteLoans.ar}» (والقروض على متن السفينة أيضًا) والإرجاعات (LR) في «${returns.ar}»؛ ولا تُحتسب السجلات المعكوسة.`,
  ),
  screens: [
    {
      menu: 'loan-report',
      title: label('menu.loanReport'),
      purpose: tx(
        `The report lists one line per lender, borrower, LC/PO and cargo type with ${opening.en}, ${issued.en}, ${returned.en} and ${closing.en} over the period you choose (all time when it is empty), and their totals; filters narrow it to one lender, borrower or LC/PO, columns sort on the server, and it is printed (every matching line) or exported to Excel with the same filters. A line opens on its movements. It answers within your data scope: a shipment manager’s company admin sees only its own loans, a consignee user only its consignees’.`,
        `يعرض التقرير سطرًا لكل مُقرض ومقترض واعتماد/أمر شراء ونوع بضاعة مع «${opening.ar}» و«${issued.ar}» و«${returned.ar}» و«${closing.ar}» عن الفترة التي تختارها (كل الفترات إن تُركت فارغة)، وإجمالياتها؛ وتضيّقه المرشحات إلى مُقرض أو مقترض أو اعتماد واحد، ويُرتَّب على الخادم، ويُطبع (كل الأسطر المطابقة) أو يُصدَّر إلى Excel بالمرشحات نفسها. ويُفتح السطر على حركاته. ويجيب ضمن نطاق بياناتك: لا يرى مدير شركة مدير الشحنة إلا قروضه، ولا يرى مستخدم المستلم إلا قروض مستلميه.`,
      ),
      shots: [
        shot('loan-report', 'report-loan-report', tx('The loan lines of the demo agency over all time, one opened on its movements.', 'أسطر القروض في الوكالة التجريبية عن كل الفترات، وأحدها مفتوح على حركاته.'), [
          { clickSelector: '[data-testid="report-table"] .ant-table-row-expand-icon' },
          { waitFor: 'loan-movements' },
        ]),
      ],
      fields: [
        field('loans.lender', 'The consignee that lent.', 'المستلم الذي أقرض.'),
        field('loans.borrower', 'Its shipment manager, who borrowed.', 'مدير الشحنة التابع له، الذي اقترض.'),
        field('loans.lcPo', 'The consignment of the loaned cargo.', 'إرسالية البضاعة المُقرَضة.'),
        field('reports.opening', 'What was outstanding before the period: loans − returns before it.', 'ما كان متبقيًا قبل الفترة: القروض − الإرجاعات قبلها.'),
        field('reports.issued', 'The live loans dated in the period.', 'القروض القائمة المؤرخة في الفترة.'),
        field('reports.returned', 'The live returns of those loans dated in the period.', 'الإرجاعات القائمة لتلك القروض المؤرخة في الفترة.'),
        field('reports.closing', 'Opening + issued − returned: what the borrower still owes at the end of the period; never below zero.', 'الافتتاحي + المُقرَض − المُرجَع: ما زال المقترض مدينًا به في نهاية الفترة؛ ولا يقل عن صفر أبدًا.'),
        field('loans.movement', 'In a line’s movements: a loan (L) or a loan return (LR), with its time, record number (opening the record), loan number, place and silo (or On board), quantity, and the outstanding after it.', 'في حركات السطر: قرض (L) أو إرجاع قرض (LR)، بوقته ورقم سجله (يفتح السجل) ورقم القرض والمكان والصومعة (أو على متن السفينة) والكمية والمتبقي بعده.'),
      ],
    },
  ],
  sections: [
    {
      title: tx('The statement of a line over a period', 'كشف السطر عن فترة'),
      paragraphs: [
        tx(
          'A line’s movements are its loans and returns in time order with the outstanding after each, so its statement over any period follows from them:',
          'حركات السطر هي قروضه وإرجاعاته بترتيب زمني مع المتبقي بعد كلٍّ منها، فيُستخرج منها كشفه عن أي فترة:',
        ),
        tx('**Opening balance**: the outstanding after the last movement before the period (loans issued before it − returns before it).', '**الرصيد الافتتاحي**: المتبقي بعد آخر حركة قبل الفترة (القروض قبلها − الإرجاعات قبلها).'),
        tx('**Loans issued**: the loans (L) dated in the period; a loan delivered by truck counts when the truck leaves.', '**القروض المُقرَضة**: القروض (L) المؤرخة في الفترة؛ ويُحتسب القرض المُسلَّم بالشاحنة عند مغادرة الشاحنة.'),
        tx('**Returned**: the returns (LR) dated in the period, in place, from other cargo or by truck.', '**المُرجَع**: الإرجاعات (LR) المؤرخة في الفترة، في المكان أو من بضاعة أخرى أو بالشاحنة.'),
        tx('**Closing outstanding** = opening balance + loans issued − returned: the outstanding after the last movement of the period.', '**المتبقي الختامي** = الرصيد الافتتاحي + القروض المُقرَضة − المُرجَع: المتبقي بعد آخر حركة في الفترة.'),
        tx('A record reversed later disappears from every figure, as if it had never been made; its record page still shows who reversed it, when and why.', 'السجل الذي يُعكس لاحقًا يختفي من كل الأرقام كأنه لم يكن؛ وتبقى صفحة سجله تعرض من عكسه ومتى ولماذا.'),
      ],
    },
    {
      title: tx('A worked example', 'مثال محلول'),
      paragraphs: [
        tx(
          'The case of the flow diagram “Consignee to SM Loan / Loan Return with Ownership Transfer and Swap Cargo”: Arabian Milling Company lends 9 MT of LC-NCB-2026-0412 wheat to Red Sea Grain Logistics in Jeddah Grain Terminal, which returns 6 MT in place and 3 MT from other cargo. Taking the period from the day after the loan:',
          'حالة مخطط سير العمل «قرض من المستلم إلى مدير الشحنة وإرجاعه مع نقل الملكية ومبادلة البضائع»: تُقرض Arabian Milling Company تسعة أطنان من قمح LC-NCB-2026-0412 لـ Red Sea Grain Logistics في Jeddah Grain Terminal، التي تُرجع ستة أطنان في المكان وثلاثة من بضاعة أخرى. بأخذ الفترة من اليوم التالي للقرض:',
        ),
      ],
      table: [
        [label('loans.movement'), label('loans.at'), tx('Place', 'المكان'), label('cargo.quantityMt'), label('loans.outstanding')],
        [label('loans.movementKinds.loan'), tx('before the period', 'قبل الفترة'), tx('Jeddah Grain Terminal · Silo A1', 'Jeddah Grain Terminal · Silo A1'), tx('9.000', '9.000'), tx('9.000', '9.000')],
        [label('loans.movementKinds.loanReturn'), tx('in the period: the loaned cargo', 'في الفترة: البضاعة المُقرَضة'), tx('Jeddah Grain Terminal · Silo A1', 'Jeddah Grain Terminal · Silo A1'), tx('6.000', '6.000'), tx('3.000', '3.000')],
        [label('loans.movementKinds.loanReturn'), tx('in the period: other cargo', 'في الفترة: بضاعة أخرى'), tx('Jeddah Grain Terminal · Silo A2', 'Jeddah Grain Terminal · Silo A2'), tx('3.000', '3.000'), tx('0.000', '0.000')],
      ],
    },
    {
      title: tx('The statement of the example', 'كشف المثال'),
      paragraphs: [tx('The line Arabian Milling Company, Red Sea Grain Logistics, LC-NCB-2026-0412, Wheat, over the period:', 'السطر Arabian Milling Company، Red Sea Grain Logistics، LC-NCB-2026-0412، القمح، عن الفترة:')],
      table: [
        [tx('Opening balance (MT)', 'الرصيد الافتتاحي (طن متري)'), label('loans.issued'), label('loans.returned'), tx('Closing outstanding (MT)', 'المتبقي الختامي (طن متري)')],
        [tx('9.000', '9.000'), tx('0.000', '0.000'), tx('9.000', '9.000'), tx('0.000', '0.000')],
      ],
    },
  ],
};
