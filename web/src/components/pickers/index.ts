export { ConsigneePicker, type ConsigneePickerProps } from './ConsigneePicker';
export { DestinationPicker, LocationPicker, type DestinationPickerProps, type LocationPickerProps } from './LocationPicker';
export { SiloPicker, type SiloPickerProps } from './SiloPicker';
export { WarehousePicker, type WarehousePickerProps } from './WarehousePicker';
export { LOCATION_KINDS, OPEN_AREA_ONLY, requiredPickerRule, STORAGE_TYPES, type ConsigneePickerMode, type SiloChoice, type StorageType } from './picker-data';
