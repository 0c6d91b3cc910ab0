import {
  ApprovalMessages,
  CargoRecordMessages,
  ImportMessages,
  LedgerMessages,
  LinkMessages,
  ListMessages,
  Messages,
  PlatformMessages,
  RoleMessages,
  UserMessages,
  type MessageOf,
} from '@tonnage/contracts';

/*
 * Arabic of the server's message sets that belong to no feature section, keyed by the English text the server
 * sends. Each map is typed by its set's values: a message added to a set without Arabic fails to compile.
 */

const messagesAr: Readonly<Record<MessageOf<typeof Messages>, string>> = {
  [Messages.forbidden]: 'المستخدم غير مصرّح له بالوصول إلى بعض بيانات هذه الوحدة.',
  [Messages.tokenExpired]: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول مرة أخرى.',
  [Messages.wrongCredentials]: 'بيانات الدخول غير صحيحة',
  [Messages.userInactive]: 'المستخدم غير نشط',
  [Messages.agencyInactive]: 'الوكالة غير نشطة',
  [Messages.blocked]: 'تم حظرك بسبب 5 محاولات خاطئة.',
  [Messages.internal]: 'خطأ داخلي في الخادم',
  [Messages.notFound]: 'غير موجود',
  [Messages.passwordRule]: 'فشل التحقق من كلمة المرور! يرجى استخدام 8 أحرف على الأقل، وحرف كبير واحد على الأقل، وحرف صغير واحد على الأقل، ورقم واحد على الأقل، ورمز خاص واحد على الأقل (#، $، %، ... إلخ).',
  [Messages.passwordMismatch]: 'كلمتا المرور غير متطابقتين!',
  [Messages.newPasswordRequired]: 'يرجى إدخال كلمة المرور الجديدة!',
  [Messages.confirmPasswordRequired]: 'يرجى تأكيد كلمة المرور!',
  [Messages.usernameRequired]: 'يرجى إدخال اسم المستخدم!',
  [Messages.passwordRequired]: 'يرجى إدخال كلمة المرور!',
  [Messages.currentPasswordRequired]: 'يرجى إدخال كلمة المرور الحالية!',
  [Messages.currentPasswordWrong]: 'كلمة المرور الحالية غير صحيحة',
  [Messages.resetMailSent]: 'تم إرسال بريد إعادة تعيين كلمة المرور',
  [Messages.resetSuccessful]: 'تمت إعادة تعيين كلمة المرور بنجاح',
  [Messages.resetTokenInvalid]: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
  [Messages.passwordUpdated]: 'تم تحديث كلمة المرور بنجاح!',
  [Messages.passwordResetNotDue]: 'لا توجد إعادة تعيين مستحقة لكلمة المرور. يرجى تغيير كلمة المرور باستخدام كلمة المرور الحالية.',
  [Messages.profileUpdated]: 'تم تحديث الملف الشخصي بنجاح!',
  [Messages.uploadRequired]: 'رفع الملف مطلوب.',
  [Messages.fileTypeNotAllowed]: 'هذا النوع من الملفات غير مسموح به.',
  [Messages.firstNameRequired]: 'يرجى إدخال الاسم الأول!',
  [Messages.agencyActivated]: 'تم تفعيل الوكالة بنجاح!',
  [Messages.agencyDeactivated]: 'تم إلغاء تفعيل الوكالة بنجاح!',
  [Messages.quantityNotAvailable]: 'الكمية غير متوفرة',
  [Messages.reasonRequired]: 'السبب مطلوب!',
  [Messages.lcOrPoOnly]: 'يمكنك إدخال رقم الاعتماد المستندي أو رقم أمر الشراء فقط!',
  [Messages.lcOrPoRequired]: 'يرجى إضافة رقم الاعتماد المستندي أو رقم أمر الشراء.',
  [Messages.lcBelowBl]: 'لا يمكن أن تكون كمية الاعتماد المستندي أقل من كمية بوليصة الشحن الخاصة به.',
  [Messages.saleOrderExceeded]: 'لا يمكن أن يكون مجموع كميات الاعتمادات المستندية لأمر البيع أكبر من كمية أمر البيع.',
  [Messages.saleOrderBelowLcs]: 'لا يمكن أن تكون كمية أمر البيع أقل من مجموع كميات اعتماداته المستندية.',
  [Messages.quantityPositive]: 'يجب أن تكون الكمية أكبر من صفر.',
  [Messages.warehouseRequired]: 'يرجى اختيار المستودع!',
  [Messages.warehouseTypeRequired]: 'يرجى اختيار نوع المستودع!',
  [Messages.wbtRequired]: 'يرجى اختيار رقم تذكرة الميزان!',
  [Messages.wbqRequired]: 'كمية الميزان مطلوبة!',
  [Messages.truckRequired]: 'يرجى اختيار الشاحنة!',
  [Messages.driverRequired]: 'يرجى اختيار السائق!',
  [Messages.consignmentHasPortLoading]: 'توجد عملية تحميل من الميناء لهذه الإرسالية.',
  [Messages.portLoadingInWarehouse]: 'تم تسليم عملية التحميل من الميناء هذه في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [Messages.portLoadingDelivered]: 'تم تسليم عملية التحميل من الميناء هذه. يرجى عكس معاملتها أولاً.',
  [Messages.loadingSlipCreated]: 'تم إنشاء إيصال التحميل بنجاح',
  [Messages.loadingSlipUpdated]: 'تم تحديث إيصال التحميل بنجاح',
};

const platformMessagesAr: Readonly<Record<MessageOf<typeof PlatformMessages>, string>> = {
  [PlatformMessages.selectAgency]: 'يرجى اختيار وكالة.',
  [PlatformMessages.invalidAgencyId]: 'معرّف الوكالة غير صالح.',
  [PlatformMessages.invalidId]: 'معرّف غير صالح',
  [PlatformMessages.textNotAllowed]: 'يحتوي النص على أحرف غير مسموح بها.',
  [PlatformMessages.agencyNotFound]: 'الوكالة غير موجودة',
  [PlatformMessages.agencyNameTaken]: 'توجد وكالة بهذا الاسم بالفعل.',
  [PlatformMessages.locationNotFound]: 'الموقع غير موجود',
  [PlatformMessages.countryNotFound]: 'الدولة غير موجودة',
  [PlatformMessages.recordExists]: 'هذا السجل موجود بالفعل.',
  [PlatformMessages.outsideScope]: 'يمكنك إضافة السجلات ضمن نطاق بياناتك فقط.',
  [PlatformMessages.recordInUse]: 'هذا السجل مستخدم؛ قم بإلغاء تفعيله بدلاً من حذفه.',
  [PlatformMessages.passwordMustDiffer]: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.',
  [PlatformMessages.profilePicAgain]: 'يرجى رفع الصورة الشخصية مرة أخرى.',
  [PlatformMessages.emailSettingsNotConfigured]: 'لم تُضبط إعدادات البريد الإلكتروني لهذه الوكالة بعد.',
  [PlatformMessages.saveEmailSettingsFirst]: 'يرجى حفظ إعدادات البريد الإلكتروني قبل إرسال بريد تجريبي.',
};

const cargoRecordMessagesAr: Readonly<Record<MessageOf<typeof CargoRecordMessages>, string>> = {
  [CargoRecordMessages.voyageNotFound]: 'الرحلة غير موجودة',
  [CargoRecordMessages.blNotFound]: 'بوليصة الشحن غير موجودة.',
  [CargoRecordMessages.shipmentNotFound]: 'الشحنة غير موجودة',
  [CargoRecordMessages.portLoadingNotFound]: 'عملية التحميل من الميناء غير موجودة',
  [CargoRecordMessages.loadingSlipNotFound]: 'إيصال التحميل غير موجود',
};

const userMessagesAr: Readonly<Record<MessageOf<typeof UserMessages>, string>> = {
  [UserMessages.notFound]: 'المستخدم غير موجود',
  [UserMessages.roleRequired]: 'يرجى اختيار دور!',
  [UserMessages.companyRequired]: 'يرجى اختيار الشركة!',
  [UserMessages.shipmentManagersInvalid]: 'يرجى اختيار مديري شحنات من هذه الوكالة!',
  [UserMessages.consigneesInvalid]: 'يرجى اختيار مستلمين من هذه الوكالة!',
  [UserMessages.locationsInvalid]: 'يرجى اختيار مواقع من هذه الوكالة!',
  [UserMessages.countryInvalid]: 'يرجى اختيار دولة صالحة!',
  [UserMessages.cityInvalid]: 'يرجى اختيار مدينة من الدولة المختارة!',
  [UserMessages.usernameTaken]: 'اسم المستخدم هذا مستخدم من قبل مستخدم آخر.',
  [UserMessages.emailTaken]: 'هذا البريد الإلكتروني مستخدم من قبل مستخدم آخر.',
  [UserMessages.passwordNotHere]: 'لا يمكن تغيير كلمة المرور هنا؛ استخدم فرض إعادة تعيين كلمة المرور.',
  [UserMessages.cannotDeactivateSelf]: 'لا يمكنك إلغاء تفعيل نفسك.',
  [UserMessages.resetForced]: 'سيُطلب من المستخدم إدخال كلمة مرور جديدة.',
  [UserMessages.ownCompanyOnly]: 'يمكنك إدارة مسؤولي شركتك فقط.',
  [UserMessages.beyondOwnScope]: 'يمكنك التعيين ضمن نطاق بياناتك فقط.',
  [UserMessages.roleBeyondOwn]: 'يمكنك منح دور تملك صلاحياته بنفسك فقط.',
  [UserMessages.activated]: 'تم تفعيل المستخدم بنجاح!',
  [UserMessages.deactivated]: 'تم إلغاء تفعيل المستخدم بنجاح!',
};

const roleMessagesAr: Readonly<Record<MessageOf<typeof RoleMessages>, string>> = {
  [RoleMessages.notFound]: 'الدور غير موجود',
  [RoleMessages.duplicateName]: 'يوجد دور بهذا الاسم بالفعل.',
  [RoleMessages.inUse]: 'هذا الدور مسند إلى مستخدمين؛ أسند إليهم دورًا آخر أولًا.',
  [RoleMessages.ownRole]: 'لا يمكنك تغيير صلاحيات دورك.',
  [RoleMessages.created]: 'تم إنشاء الدور بنجاح!',
  [RoleMessages.updated]: 'تم تحديث الدور بنجاح!',
  [RoleMessages.deleted]: 'تم حذف الدور بنجاح!',
  [RoleMessages.permissionsSaved]: 'تم حفظ الصلاحيات بنجاح!',
};

const ledgerMessagesAr: Readonly<Record<MessageOf<typeof LedgerMessages>, string>> = {
  [LedgerMessages.alreadyReversed]: 'تم عكس هذه المعاملة بالفعل.',
  [LedgerMessages.reversalOfReversal]: 'لا يمكن عكس قيد عكسي؛ سجّل المعاملة من جديد بدلاً من ذلك.',
};

const linkMessagesAr: Readonly<Record<MessageOf<typeof LinkMessages>, string>> = {
  [LinkMessages.warehouseOutInWarehouse]: 'تم تسليم خروج المستودع هذا في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [LinkMessages.warehouseOutInConsigneeIn]: 'تم تسليم خروج المستودع هذا في دخول المستلم. يرجى عكس معاملة دخول المستلم أولاً.',
  [LinkMessages.warehouseOutInCustomerIn]: 'تم تسليم خروج المستودع هذا في دخول العميل. يرجى عكس معاملة دخول العميل أولاً.',
  [LinkMessages.preOutInWarehouseOut]: 'تم تسليم الخروج المسبق من المستودع هذا في خروج المستودع. يرجى عكس معاملة خروج المستودع أولاً.',
  [LinkMessages.preInInWarehouse]: 'تم تسليم ما قبل دخول المستودع هذا في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [LinkMessages.firstWeightHasSecond]: 'لهذا الوزن الأول الصادر إدخال وزن ثانٍ صادر. يرجى عكس الوزن الثاني الصادر أولاً.',
  [LinkMessages.secondWeightInWarehouseOut]: 'تم تسليم هذا الوزن الثاني الصادر في خروج المستودع. يرجى عكس معاملة خروج المستودع أولاً.',
  [LinkMessages.consigneeOutInCustomerIn]: 'تم تسليم خروج المستلم هذا في دخول العميل. يرجى عكس معاملة دخول العميل أولاً.',
  [LinkMessages.loanHasPortLoading]: 'توجد عملية تحميل من الميناء لهذا القرض.',
  [LinkMessages.loanHasReturn]: 'يوجد إرجاع قرض لهذا القرض. يرجى عكس إرجاع القرض أولاً.',
};

const importMessagesAr: Readonly<Record<MessageOf<typeof ImportMessages>, string>> = {
  [ImportMessages.unsupported]: 'يرجى رفع ملف Excel (.xlsx) أو ملف CSV بترميز UTF-8.',
  [ImportMessages.empty]: 'لا يحتوي الملف على صفوف للاستيراد.',
  [ImportMessages.tooLarge]: 'يجب أن يكون حجم الملف أقل من 5 ميغابايت.',
  [ImportMessages.tooManyRows]: 'يحتوي الملف على أكثر من 5,000 صف؛ يمكن استيراد 5,000 صف على الأكثر في المرة الواحدة.',
};

const listMessagesAr: Readonly<Record<MessageOf<typeof ListMessages>, string>> = {
  [ListMessages.sortByUnknown]: 'لا يمكن ترتيب هذه القائمة حسب هذا العمود.',
  [ListMessages.sortOrderUnknown]: 'يجب أن يكون ترتيب الفرز تصاعديًا (asc) أو تنازليًا (desc).',
};

const approvalMessagesAr: Readonly<Record<MessageOf<typeof ApprovalMessages>, string>> = {
  [ApprovalMessages.kindRequired]: 'يرجى اختيار نوع المعاملة!',
  [ApprovalMessages.approversRequired]: 'يرجى إضافة معتمد واحد على الأقل!',
  [ApprovalMessages.approversMax]: '10 معتمدين كحد أقصى.',
  [ApprovalMessages.approverTwice]: 'لا يمكن أن يظهر المعتمد إلا مرة واحدة.',
  [ApprovalMessages.orderTwice]: 'لا يمكن لمعتمدَين أن يتشاركا الترتيب نفسه.',
  [ApprovalMessages.unknownKind]: 'نوع معاملة غير معروف.',
  [ApprovalMessages.kindMismatch]: 'نوع المعاملة لا يطابق العنوان.',
  [ApprovalMessages.ruleNotFound]: 'لا توجد قاعدة اعتماد لهذا النوع من المعاملات.',
  [ApprovalMessages.ruleRemoved]: 'تمت إزالة قاعدة الاعتماد.',
  [ApprovalMessages.approverNotInAgency]: 'يرجى اختيار مستخدم نشط من هذه الوكالة.',
  [ApprovalMessages.approverCannotApprove]: 'لا يملك هذا المستخدم صلاحية الاعتماد لهذا النوع من المعاملات.',
  [ApprovalMessages.approverInactive]: 'أحد المعتمدين في قاعدة الاعتماد هذه لم يعد نشطًا أو لم يعد يملك صلاحية الاعتماد؛ يرجى تحديث القاعدة.',
  [ApprovalMessages.alreadyStarted]: 'بدأ اعتماد هذه المعاملة بالفعل.',
  [ApprovalMessages.noApprovalUnderWay]: 'لا يوجد اعتماد جارٍ لهذه المعاملة.',
  [ApprovalMessages.alreadyDecided]: 'تم اتخاذ القرار بشأن هذه المعاملة بالفعل.',
  [ApprovalMessages.notCurrentApprover]: 'لست المعتمد الحالي لهذه المعاملة.',
  [ApprovalMessages.commentTooLong]: '1000 حرف كحد أقصى',
};

/** Every map above, for the Arabic bundle's `messages`. */
export const serverMessagesAr: Readonly<Record<string, string>> = {
  ...messagesAr,
  ...platformMessagesAr,
  ...cargoRecordMessagesAr,
  ...userMessagesAr,
  ...roleMessagesAr,
  ...ledgerMessagesAr,
  ...linkMessagesAr,
  ...importMessagesAr,
  ...listMessagesAr,
  ...approvalMessagesAr,
};
