import { ShippingMessages, VesselApprovalMessages } from '@tonnage/contracts';
import { tx, type ModuleGuideSource } from '../../model';
import { label, menuPath } from '../../product';
import { check, field, shot } from '../guide';

const voyageOutTurn = menuPath('vesselQuantityApproval/vessel');

/** Shipping: the BLs of a consignment on a vessel's voyage, and their out-turn. */
export const guide: ModuleGuideSource = {
  kind: 'guide',
  name: 'shipping',
  intro: tx(
    'Shipping puts a consignment’s cargo on a vessel: each shipment is one BL of one LC/PO on one voyage (a vessel’s call at a port and berth). The BL quantity goes on board in the stock ledger, and from there the port loadings take it. When the vessel has discharged, the out-turn of each BL (what was really discharged) is approved on Vessel Qty Approval, and the difference is posted on board.',
    'يضع الشحن بضاعة الإرسالية على سفينة: كل شحنة بوليصة واحدة لاعتماد/أمر شراء واحد في رحلة واحدة (رسو السفينة في ميناء ورصيف). تُقيَّد كمية البوليصة على متن السفينة في دفتر المخزون، ومن هناك تأخذها عمليات التحميل من الميناء. وبعد تفريغ السفينة تُعتمد كمية التفريغ لكل بوليصة (ما فُرّغ فعلًا)، ويُقيَّد الفرق على متن السفينة.',
  ),
  screens: [
    {
      menu: 'shipping',
      title: label('shipping.title'),
      purpose: tx(
        'The list of shipments: vessel and voyage, LC/PO, BL number, BL quantity, what is still on board and what was loaded, with filters by voyage, consignment and consignee, and the total BL quantity of what the filters show. “Add shipment” and the edit action open the form in a drawer.',
        'قائمة الشحنات: السفينة والرحلة، والاعتماد/أمر الشراء، ورقم البوليصة، وكمية البوليصة، وما بقي على متن السفينة وما حُمّل، مع تصفية حسب الرحلة والإرسالية والمستلم، وإجمالي كمية البوالص لما تعرضه عوامل التصفية. يفتح «إضافة شحنة» وإجراء التعديل النموذج في درج جانبي.',
      ),
      shots: [shot('shipping', 'shipping-page', tx('The shipments of the demo season; a BL of MV Desert Falcon open in the drawer.', 'شحنات الموسم التجريبي؛ وبوليصة من MV Desert Falcon مفتوحة في الدرج.'), [{ click: 'shipment-edit' }, { waitFor: 'shipment-drawer' }])],
      howTo: [
        tx('Click “Add shipment”. Choose an existing voyage, or “New voyage” and enter the vessel, voyage number, port, berth and dates.', 'انقر «إضافة شحنة». اختر رحلة موجودة، أو «رحلة جديدة» وأدخل السفينة ورقم الرحلة والميناء والرصيف والتواريخ.'),
        tx('Choose the consignment (search its LC/PO number), enter the BL number and the BL quantity; the BL consignee defaults to the consignment’s.', 'اختر الإرسالية (ابحث برقم الاعتماد/أمر الشراء)، وأدخل رقم البوليصة وكميتها؛ والمستلم في البوليصة افتراضيًا هو مستلم الإرسالية.'),
        tx('Save: the BL quantity is on board and can be loaded at the port.', 'احفظ: تصبح كمية البوليصة على متن السفينة ويمكن تحميلها في الميناء.'),
      ],
      fields: [
        field('shipping.voyageMode', 'An existing voyage of the agency, or a new one created with the shipment.', 'رحلة موجودة في الوكالة، أو رحلة جديدة تُنشأ مع الشحنة.'),
        field('shipping.vesselVoyage', 'The vessel and voyage number; a vessel’s voyage number is unique in the agency.', 'السفينة ورقم الرحلة؛ ورقم رحلة السفينة فريد في الوكالة.'),
        field('shipping.port', 'The port of discharge; the berth must be one of its berths.', 'ميناء التفريغ؛ ويجب أن يكون الرصيف أحد أرصفته.'),
        field('shipping.arrivalDate', 'When the vessel arrived; the completion date may not be before it.', 'تاريخ وصول السفينة؛ ولا يسبقه تاريخ الانتهاء.'),
        field('shipping.consignment', 'The LC/PO whose cargo the BL carries; one live shipment per consignment and voyage.', 'الاعتماد/أمر الشراء الذي تحمل البوليصة بضاعته؛ وشحنة قائمة واحدة لكل إرسالية ورحلة.'),
        field('shipping.blNumber', 'The BL number, unique on the voyage.', 'رقم البوليصة، فريد في الرحلة.'),
        field('shipping.blQuantity', 'The BL quantity; the consignment’s BLs together never exceed the consignment.', 'كمية البوليصة؛ ولا تتجاوز بوالص الإرسالية مجتمعة كمية الإرسالية.'),
        field('shipping.blConsignee', 'Who the BL is made out to; left empty, the consignment’s BL consignee.', 'من صدرت البوليصة باسمه؛ وإن تُرك فارغًا فهو المستلم في الإرسالية.'),
      ],
      checks: [check(ShippingMessages.blNumberTaken), check(ShippingMessages.consignmentOnVoyage), check(ShippingMessages.berthNotOfPort), check(ShippingMessages.completionBeforeArrival), check(ShippingMessages.shipmentHasPortLoading), check(ShippingMessages.blOutTurnApproved)],
      ledger: tx(
        'Saving posts the BL quantity from the vessel to the BL’s cargo on board (VESSEL → ON_BOARD of the voyage and consignment). An edit reverses that posting and posts the new one in the same transaction.',
        'يقيّد الحفظ كمية البوليصة من السفينة إلى بضاعة البوليصة على متن السفينة (السفينة ← على متن السفينة للرحلة والإرسالية). ويعكس التعديل ذلك القيد ويقيّد الجديد في المعاملة نفسها.',
      ),
      afterwards: [
        tx('A shipment is reversed with a reason; not while a port loading uses its BL, nor while its out-turn is approved or pending.', 'تُعكس الشحنة مع ذكر السبب؛ ولا تُعكس ما دامت عملية تحميل تستخدم بوليصتها، ولا ما دامت كمية تفريغها معتمدة أو بانتظار الاعتماد.'),
        tx('While the out-turn stands, the BL number, date and consignee can still be edited, but not its quantity, voyage or LC/PO.', 'ما دامت كمية التفريغ قائمة، يمكن تعديل رقم البوليصة وتاريخها ومستلمها، دون كميتها أو رحلتها أو اعتمادها/أمر شرائها.'),
      ],
    },
    {
      menu: 'vesselQuantityApproval/quantityApproval',
      title: label('vesselApproval.blTitle'),
      purpose: tx(
        `After discharge, the out-turn of each BL: the discharged quantity against the BL quantity, an excess or a shortage shown live. It goes through the agency’s approval rule for vessel quantity approvals (approvers in order, each approving or rejecting with a comment); the voyage’s own out-turn is recorded the same way on ${voyageOutTurn.en} and posts nothing.`,
        `بعد التفريغ، كمية تفريغ كل بوليصة: الكمية المُفرَّغة مقابل كمية البوليصة، مع عرض الزيادة أو النقص مباشرة. تمر بقاعدة اعتماد الوكالة لاعتماد كميات السفن (معتمدون بالترتيب، كلٌّ يعتمد أو يرفض مع تعليق)؛ وتُسجَّل كمية تفريغ الرحلة نفسها بالطريقة ذاتها في «${voyageOutTurn.ar}» ولا تُقيِّد شيئًا.`,
      ),
      shots: [shot('vesselQuantityApproval/quantityApproval', 'quantity-approvals-page', tx('The BL out-turns of the demo season: a shortage, an excess and an exact BL, approved.', 'كميات تفريغ البوالص في الموسم التجريبي: نقص وزيادة وبوليصة مطابقة، معتمدة.'))],
      fields: [
        field('vesselApproval.voyage', 'The voyage; its BLs are offered.', 'الرحلة؛ وتُعرض بوالصها.'),
        field('vesselApproval.shipment', 'The BL; one live out-turn per BL.', 'البوليصة؛ وكمية تفريغ قائمة واحدة لكل بوليصة.'),
        field('vesselApproval.dischargedQuantity', 'What the survey found discharged; the difference to the BL quantity is the excess (+) or shortage (−).', 'ما وجده المسح مُفرَّغًا؛ والفرق عن كمية البوليصة هو الزيادة (+) أو النقص (−).'),
        field('vesselApproval.surveyDate', 'The date of the draft survey.', 'تاريخ مسح الغاطس.'),
      ],
      checks: [check(VesselApprovalMessages.shipmentTaken), check(VesselApprovalMessages.decisionUnderWay), check(VesselApprovalMessages.approvedLocked), check(VesselApprovalMessages.excessMovedOn)],
      ledger: tx(
        'Nothing until the final approval (at once when the agency has no rule): then an excess is posted from the vessel to the BL’s cargo on board, a shortage from on board back to the vessel. Reversing an approved out-turn posts the opposite.',
        'لا شيء حتى الاعتماد الأخير (فورًا إن لم يكن للوكالة قاعدة): عندها تُقيَّد الزيادة من السفينة إلى بضاعة البوليصة على متن السفينة، والنقص من على متن السفينة عائدًا إلى السفينة. ويقيّد عكس كمية التفريغ المعتمدة العكس.',
      ),
      afterwards: [
        tx('An out-turn can be edited before the first decision or after a rejection (the approval starts again); an approved one is read-only and can only be reversed with a reason.', 'يمكن تعديل كمية التفريغ قبل القرار الأول أو بعد الرفض (ويبدأ الاعتماد من جديد)؛ والمعتمدة للقراءة فقط ولا تُعكس إلا مع ذكر السبب.'),
      ],
    },
  ],
};
