// What other parts of the app use from locations: the picker, the first-location step and the list.

export { checkSession, locationsQuery } from "./api";
export { FirstLocation } from "./components/first-location";
export { LocationPicker } from "./components/location-picker";
