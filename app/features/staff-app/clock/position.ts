// Reading the phone's position for a punch (docs/staff-app.md, "Clocking in from the phone"): once, with high
// accuracy, never watched; nothing is kept on the phone.

export type Position = { latitude: number; longitude: number; accuracy: number };

const WHY: Record<number, string> = {
  1: "Clocked needs your location to check you're at work. Allow location for this site in your browser's settings, then try again.",
  2: "Your phone couldn't find where you are. Try again outside, or turn on location services.",
  3: "Finding where you are took too long. Try again outside, or turn on precise location.",
};

export function readPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("This browser can't tell Clocked where you are. Please use the kiosk."));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (found) =>
        resolve({
          latitude: found.coords.latitude,
          longitude: found.coords.longitude,
          accuracy: found.coords.accuracy,
        }),
      (error) => reject(new Error(WHY[error.code] ?? WHY[2])),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}
