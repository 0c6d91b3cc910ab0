import { LoanSlipHeldMessages } from '@tonnage/contracts';
import { tx, type FlowDiagramSource } from '../../model';
import { message } from '../../product';
import { demo, owners, places } from '../demo';
import { consigneeReceiptStep, loanNotes, loanReportStep, portLoadingStep, shippingStep, warehouseReceiptStep } from '../steps';

const amcTerminal = { place: 'terminal', owner: 'amc' };
const rsglTerminal = { place: 'terminal', owner: 'rsgl' };
const amcMill = { place: 'riyadhMill', owner: 'amc' };
const held = message(LoanSlipHeldMessages.returnInConsigneeIn);

/** A loan made in a warehouse, returned by truck to the lender's own mill. */
export const flow: FlowDiagramSource = {
  kind: 'flow',
  name: 'bl-flow-sm-to-consignee-different-location',
  summary: tx(
    'The consignee lends wheat to its shipment manager in a warehouse. The shipment manager gives it back at another place: SM To Consignee with “Deliver by truck” sends the loaned cargo on a transfer slip to the consignee’s mill, where Consignee In receives it into the consignee’s stock. The return counts on the loan balance when the truck leaves.',
    'يُقرض المستلم قمحًا لمدير الشحنة التابع له في مستودع. ويُرجعه مدير الشحنة في مكان آخر: «من مدير الشحنة إلى المستلم» مع «التسليم بالشاحنة» يرسل البضاعة المُقرَضة بإذن نقل إلى مطحنة المستلم، حيث يستلمها «دخول المستلم» في مخزون المستلم. ويُحتسب الإرجاع في رصيد القرض عند مغادرة الشاحنة.',
  ),
  places: { falcon: places.falcon, terminal: places.terminal, riyadhMill: places.riyadhMill },
  owners: { amc: owners.amc, rsgl: owners.rsgl },
  steps: [
    shippingStep('MV Desert Falcon 2611W', [{ node: { place: 'falcon', owner: 'amc' }, bl: demo.amcBl, lc: demo.amcLc, consignee: owners.amc.name, quantity: '24500' }]),
    portLoadingStep({ id: 'in', from: { place: 'falcon', owner: 'amc' }, to: amcTerminal, quantity: '300', type: 'warehouse', bl: demo.amcBl, destination: 'Jeddah Grain Terminal' }),
    warehouseReceiptStep({ receives: 'in', warehouse: 'Jeddah Grain Terminal', owner: owners.amc.name, storage: tx('Silo A1', 'Silo A1') }),
    {
      screens: ['warehouse/consignee-to-sm'],
      title: tx('The consignee lends 25 MT in the terminal', 'المستلم يُقرض 25 طنًا في المحطة'),
      text: tx(
        'Add Consignee to SM: Jeddah Grain Terminal, the position “Silo A1 · Arabian Milling Company · LC-NCB-2026-0412”, quantity 25, in place.',
        'إضافة من المستلم إلى مدير الشحنة: Jeddah Grain Terminal، الموضع «Silo A1 · Arabian Milling Company · LC-NCB-2026-0412»، الكمية 25، في المكان.',
      ),
      moves: [{ from: amcTerminal, to: rsglTerminal, quantity: '25', by: 'inPlace', loan: 'issued' }],
    },
    {
      screens: ['warehouse/sm-to-consignee'],
      title: tx('The 25 MT go back by truck to the consignee’s mill', 'الأطنان الخمسة والعشرون تعود بالشاحنة إلى مطحنة المستلم'),
      text: tx(
        'Add SM to Consignee: the loan, return from “The loaned cargo”, quantity 25, and “Deliver by truck to another place (transfer slip)”: deliver to ‹AMC Riyadh Mill› (a warehouse or a delivery location of the lender, not the place the cargo leaves), the truck ‹JED 7310›, its driver and the WBT number. The record shows “Delivered to AMC Riyadh Mill · slip n · in transit” and prints the transfer slip. Outstanding: 0.',
        'إضافة من مدير الشحنة إلى المستلم: القرض، الإرجاع من «البضاعة المُقرَضة»، الكمية 25، و«التسليم بالشاحنة إلى مكان آخر (إذن نقل)»: التسليم إلى ‹AMC Riyadh Mill› (مستودع أو موقع تسليم للمُقرض، لا المكان الذي تغادره البضاعة)، الشاحنة ‹JED 7310› وسائقها ورقم تذكرة الميزان. يعرض السجل «سُلّم إلى AMC Riyadh Mill · الإذن n · في الطريق» ويطبع إذن النقل. المتبقي: صفر.',
      ),
      moves: [{ id: 'return', from: rsglTerminal, to: amcMill, quantity: '25', by: 'truck', loan: 'returned' }],
    },
    consigneeReceiptStep({ receives: 'return', location: 'AMC Riyadh Mill', owner: owners.amc.name, slip: tx('the return’s transfer slip (slip type “Transfer slip”)', 'إذن النقل الخاص بالإرجاع (نوع الإيصال «إذن نقل»)') }),
    loanReportStep({ at: amcMill, lender: owners.amc.name, borrower: owners.rsgl.name, lc: demo.amcLc, issued: '25', returned: '25' }),
  ],
  notes: [
    tx(
      `A return delivered by truck has no edit. Its reversal reverses the transfer slip and is refused while the receipt holds it (“${held.en}”): reverse the Consignee In first.`,
      `لا يُعدَّل الإرجاع المُسلَّم بالشاحنة. وعكسه يعكس إذن النقل، ويُرفض ما دام الاستلام يحتفظ به («${held.ar}»): اعكس «دخول المستلم» أولًا.`,
    ),
    tx(
      'The lists of Consignee To SM and SM To Consignee show a “Delivered to” column (the place, the slip number and In transit or Received), also in their Excel exports.',
      'تعرض قائمتا «من المستلم إلى مدير الشحنة» و«من مدير الشحنة إلى المستلم» عمود «سُلّم إلى» (المكان ورقم الإذن و«في الطريق» أو «مُستلَم»)، وكذلك في تصديرهما إلى Excel.',
    ),
    loanNotes.aboveOutstanding,
    loanNotes.borrower,
  ],
};
