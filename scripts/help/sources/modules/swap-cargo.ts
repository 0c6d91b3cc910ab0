import { Messages, SwapCargoMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label } from '../../product';
import { check, field, shot } from '../guide';

/** Swap Cargo: two owners exchange the same quantity of the same cargo type where it lies. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'swap-cargo',
  intro: tx(
    'A cargo swap lets two owners exchange stock without a truck: each gives the other the same quantity of the same cargo type where it lies, in a warehouse (a silo or the open area) or at a consignee location, the same place or two places. Each owner takes the LC/PO and vessel of the cargo it receives and keeps its own attached vessel. It is used, for example, when a shipment manager pays back a loan with cargo of another LC, or when two consignees each hold wheat where the other needs it.',
    'تتيح مبادلة البضائع لمالكَين تبادل المخزون دون شاحنة: يعطي كلٌّ منهما الآخر الكمية نفسها من نوع البضاعة نفسه حيث هي، في مستودع (صومعة أو منطقة مفتوحة) أو في موقع مستلم، في المكان نفسه أو في مكانين. يأخذ كل مالك الاعتماد/أمر الشراء والسفينة للبضاعة التي يستلمها، ويحتفظ بسفينته المرتبطة. وتُستخدم مثلًا عندما يسدّد مدير الشحنة قرضًا ببضاعة من اعتماد آخر، أو عندما يملك مستلمان قمحًا حيث يحتاجه الآخر.',
  ),
  screens: [
    {
      menu: 'swapCargo',
      title: label('swapCargo.title'),
      purpose: tx(
        'The list shows each swap’s time, both places, both owners and LC/POs, the cargo type and the quantity each side gives, with filters, the Excel export and the reversal. Add opens the form with the two sides; each row opens the swap read-only.',
        'تعرض القائمة لكل مبادلة الوقت والمكانين والمالكَين والاعتمادين/أمري الشراء ونوع البضاعة والكمية التي يعطيها كل طرف، مع عوامل التصفية والتصدير إلى Excel والعكس. تفتح الإضافة النموذج بالطرفين، ويفتح كل سطر المبادلة للقراءة فقط.',
      ),
      shots: [
        shot('swapCargo/add', 'swap-cargo-form', tx('A swap between two owners in Jeddah Grain Terminal.', 'مبادلة بين مالكَين في Jeddah Grain Terminal.'), [
          { pick: 'swp-a-location', option: 'Jeddah Grain Terminal' },
          { pick: 'swp-a-position', option: 'Hejaz Flour Mills' },
          { pick: 'swp-b-location', option: 'Jeddah Grain Terminal' },
          { pick: 'swp-b-position', option: 'Arabian Milling Company' },
          { fill: 'swp-quantity', value: '3' },
        ]),
        shot('swapCargo', 'swap-cargo-page', tx('The swaps of the demo agency.', 'مبادلات الوكالة التجريبية.')),
      ],
      howTo: [
        tx('For the first owner’s stock choose the place type (Warehouse or Consignee location), the place and the stock (owner, LC/PO, cargo type, usable).', 'لمخزون المالك الأول اختر نوع المكان (مستودع أو موقع مستلم) والمكان والمخزون (المالك، الاعتماد/أمر الشراء، نوع البضاعة، المتاح).'),
        tx('Do the same for the second owner’s stock: another owner, the same cargo type.', 'افعل الشيء نفسه لمخزون المالك الثاني: مالك آخر ونوع البضاعة نفسه.'),
        tx('Enter the quantity each side gives and save; the screen reminds that nothing moves.', 'أدخل الكمية التي يعطيها كل طرف واحفظ؛ وتذكّر الشاشة بأن شيئًا لا يتحرك.'),
      ],
      fields: [
        field('swapCargo.placeType', 'A warehouse (silo or open area) or a consignee location; each side on its own.', 'مستودع (صومعة أو منطقة مفتوحة) أو موقع مستلم؛ لكل طرف على حدة.'),
        field('swapCargo.place', 'One of your places of that type.', 'أحد أماكنك من ذلك النوع.'),
        field('swapCargo.position', 'The owner’s stock at that place, with its usable quantity.', 'مخزون المالك في ذلك المكان، مع الكمية المتاحة.'),
        field('swapCargo.quantity', 'The quantity each side gives: the same on both sides, never above either side’s usable.', 'الكمية التي يعطيها كل طرف: نفسها في الطرفين، ولا تتجاوز المتاح في أيٍّ منهما.'),
      ],
      checks: [check(SwapCargoMessages.sameOwner), check(SwapCargoMessages.sameCargoType), check(SwapCargoMessages.samePosition), check(Messages.quantityNotAvailable)],
      ledger: tx(
        'One posting of four lines, nothing moving physically: the first owner’s stock − q and the second owner’s + q at the first place (with the first side’s LC/PO and vessel); the second owner’s stock − q and the first owner’s + q at the second place.',
        'قيد واحد من أربعة أسطر، دون أي حركة فعلية: مخزون المالك الأول − الكمية ومخزون المالك الثاني + الكمية في المكان الأول (باعتماد الطرف الأول وسفينته)؛ ومخزون المالك الثاني − الكمية ومخزون المالك الأول + الكمية في المكان الثاني.',
      ),
      afterwards: [tx('A swap is not edited. Its reversal, with a reason, posts the opposite and is refused once a received position has moved on.', 'لا تُعدَّل المبادلة. ويقيّد عكسها، مع ذكر السبب، العكس، ويُرفض إذا تحرك أحد المواضع المستلَمة.')],
    },
  ],
};
