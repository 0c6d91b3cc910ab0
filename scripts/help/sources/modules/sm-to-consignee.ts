import { LoanMessages, LoanSlipHeldMessages, Messages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** SM To Consignee: the shipment manager gives a loan back, from the loaned cargo or from its other cargo. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'sm-to-consignee',
  intro: tx(
    'SM To Consignee is the loan return (LR): the shipment manager gives back all or part of what a consignee lent it. It returns the loaned cargo where it was lent, or other cargo of its own of the same cargo type (wherever it holds it: what a loan port loading brought it, what an ownership transfer or a swap gave it), in place or delivered by truck. Each return lowers the loan’s outstanding quantity; a loan fully returned leaves the list of loans to return.',
    '«من مدير الشحنة إلى المستلم» هو إرجاع القرض (LR): يُرجع مدير الشحنة كل ما أقرضه إياه المستلم أو جزءًا منه. يُرجع البضاعة المُقرَضة حيث أُقرضت، أو بضاعة أخرى له من نوع البضاعة نفسه (أينما كانت لديه: ما جلبته عملية تحميل بنوع قرض، أو ما أعطاه إياه نقل ملكية أو مبادلة)، في المكان أو بالتسليم بالشاحنة. يُنقص كل إرجاع الكمية المتبقية من القرض، ويخرج القرض المُرجَع بالكامل من قائمة القروض المطلوب إرجاعها.',
  ),
  screens: [
    {
      menu: 'warehouse/sm-to-consignee',
      title: label('loans.smToConsigneeTitle'),
      purpose: tx(
        'The list of returns: time, loan number, place, borrower, lender, LC/PO, cargo type, quantity, where a truck delivered it and the status, with filters and the Excel export. Add opens the return form.',
        'قائمة الإرجاعات: الوقت ورقم القرض والمكان والمقترض والمُقرض والاعتماد/أمر الشراء ونوع البضاعة والكمية وأين سلّمته شاحنة والحالة، مع عوامل التصفية والتصدير إلى Excel. تفتح الإضافة نموذج الإرجاع.',
      ),
      shots: [
        shot('warehouse/sm-to-consignee', 'warehouseSmToConsignee-page', tx('The loan returns of the demo agency.', 'إرجاعات القروض في الوكالة التجريبية.')),
        shot('warehouse/sm-to-consignee/add', 'loan-return-form', tx('A return of a demo loan at Yanbu Open Yard: the loan and its details, returned from the loaned cargo.', 'إرجاع قرض تجريبي في Yanbu Open Yard: القرض وتفاصيله، والإرجاع من البضاعة المُقرَضة.'), [
          { pick: 'loan-return-loan', option: 'Yanbu Open Yard' },
          { fill: 'loan-return-quantity', value: '5' },
        ]),
      ],
      howTo: [
        tx('Click Add and choose the loan: each is offered with its number, place, lender and borrower, LC/PO and outstanding quantity; its details show below.', 'انقر «إضافة» واختر القرض: يُعرض كلٌّ برقمه ومكانه والمُقرض والمقترض والاعتماد/أمر الشراء والكمية المتبقية؛ وتظهر تفاصيله أسفله.'),
        tx('Return from “The loaned cargo” (where it was lent), or from “Other cargo of the shipment manager” and choose that cargo (place, silo, LC/PO, usable).', 'الإرجاع من «البضاعة المُقرَضة» (حيث أُقرضت)، أو من «بضاعة أخرى لمدير الشحنة» واختر تلك البضاعة (المكان، الصومعة، الاعتماد/أمر الشراء، المتاح).'),
        tx('Enter the quantity; tick “Deliver by truck” to send it to a warehouse or a delivery location of the lender, then save.', 'أدخل الكمية؛ وفعّل «التسليم بالشاحنة» لإرسالها إلى مستودع أو موقع تسليم للمُقرض، ثم احفظ.'),
      ],
      fields: [
        field('loans.loan', 'A live loan with an outstanding quantity, in your scope (warehouse, consignee location or on board).', 'قرض قائم له كمية متبقية، ضمن نطاقك (في مستودع أو موقع مستلم أو على متن السفينة).'),
        field('loans.returnFrom', '“The loaned cargo”: the shipment manager’s stock where the loan was made (not for a loan on board or a loan delivered by truck). “Other cargo of the shipment manager”: any of its positions of the loan’s cargo type.', '«البضاعة المُقرَضة»: مخزون مدير الشحنة حيث أُجري القرض (ليس لقرض على متن السفينة أو قرض مُسلَّم بالشاحنة). «بضاعة أخرى لمدير الشحنة»: أي موضع له من نوع بضاعة القرض.'),
        field('loans.returnSource', 'The shipment manager’s position the cargo leaves; the consignee receives it where it lies, attached to the loan’s vessel.', 'موضع مدير الشحنة الذي تغادره البضاعة؛ ويستلمها المستلم حيث هي، مرتبطة بسفينة القرض.'),
        field('cargo.quantityMt', 'Never above the loan’s outstanding quantity, nor above the source’s usable quantity.', 'لا تتجاوز الكمية المتبقية من القرض، ولا المتاح في المصدر.'),
        field('loans.deliverByTruck', 'A transfer slip to a warehouse or a delivery location of the lender, received there into the lender’s stock.', 'إذن نقل إلى مستودع أو موقع تسليم للمُقرض، ويُستلم هناك في مخزون المُقرض.'),
      ],
      checks: [check(LoanMessages.loanRequired), check(LoanMessages.returnAboveOutstanding), check(LoanMessages.movedLoanReturnNeedsSource), check(LoanMessages.onBoardLoanReturnNeedsSource), check(Messages.quantityNotAvailable), check(LoanSlipHeldMessages.returnInConsigneeIn)],
      ledger: tx(
        'In place: the quantity moves from the shipment manager’s stock to the consignee’s at the same place and silo (ON_HAND shipment manager → ON_HAND consignee), with the loan’s vessel as the attached vessel. By truck: a transfer slip takes it into a truck owned by the consignee, received at the destination. The loan’s returned quantity grows under the loan’s lock, so two returns cannot together exceed the outstanding.',
        'في المكان: تنتقل الكمية من مخزون مدير الشحنة إلى مخزون المستلم في المكان والصومعة نفسيهما (في المخزون لمدير الشحنة ← في المخزون للمستلم)، مع سفينة القرض سفينةً مرتبطة. بالشاحنة: يأخذها إذن نقل إلى شاحنة ملكًا للمستلم، وتُستلم في الوجهة. وتزداد الكمية المُرجَعة للقرض تحت قفل القرض، فلا يتجاوز إرجاعان معًا المتبقي.',
      ),
      afterwards: [
        tx('A return is not edited. Its reversal (with a reason) makes the outstanding grow again; it is refused once the consignee’s returned cargo has moved on, or while a receipt holds its truck.', 'لا يُعدَّل الإرجاع. ويعيد عكسه (مع ذكر السبب) زيادة المتبقي؛ ويُرفض إذا تحركت البضاعة المُرجَعة للمستلم، أو ما دام استلام يحتفظ بشاحنته.'),
      ],
    },
    {
      menu: 'warehouse/consignee-to-sm',
      title: label('loans.returnsOfLoan'),
      purpose: tx(
        'A loan’s record page (opened from its row on Consignee To SM) shows the loan read-only and, below, its returns with their time, quantity, who entered them and their status; reversed records show who reversed them, when and why.',
        'تعرض صفحة سجل القرض (تُفتح من سطره في «من المستلم إلى مدير الشحنة») القرض للقراءة فقط، وتحته إرجاعاته بوقتها وكميتها ومن أدخلها وحالتها؛ وتعرض السجلات المعكوسة من عكسها ومتى ولماذا.',
      ),
      shots: [shot('warehouse/consignee-to-sm', 'warehouseConsigneeToSm-page', tx('A loan’s record page: the loan, then its returns.', 'صفحة سجل قرض: القرض، ثم إرجاعاته.'), [{ click: 'loan-open' }, { waitFor: 'loan-record-page' }])],
    },
  ],
};
