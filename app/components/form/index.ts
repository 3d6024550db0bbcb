/** The form kit: controls, the error summary and the submit button (docs/adding-a-screen.md). */
export { Checkbox, CheckboxGroup, DateInput, Field, MoneyInput, RadioGroup, Select, TextArea, type Meta, type Option } from "./Field";
export { filterInputClass } from "./control-class";
export { FieldErrors } from "./FieldErrors";
export { FileInput } from "./FileInput";
export { ErrorSummary } from "./ErrorSummary";
export { SubmitButton } from "./SubmitButton";
export { ConfirmForm } from "./ConfirmForm";
export { RefusedPostAlert } from "./RefusedPostAlert";
