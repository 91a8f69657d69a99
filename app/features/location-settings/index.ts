// A location's customization, read and saved by the Hours, Employees and Attendance Form tabs.
export { customizationQuery, useSaveBreakSettings, useUpdateCustomization } from "./api";
