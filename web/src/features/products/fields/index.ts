/**
 * Customer fields of a product: the form and its validators. Load the form lazily
 * (`lazy(() => import('…/fields/CustomerFieldsForm'))`) like any feature screen; the
 * validators alone are light.
 */
export { asFieldDef, CustomerFieldsForm, type CustomerFieldsFormProps } from './CustomerFieldsForm';
export * from './validators';
