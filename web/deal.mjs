// The portable seeded deal of gongzhu/deal.py in JavaScript: splitmix64 driving Fisher-Yates.
// A seed gives the same four hands here, in CPython, Pyodide and MicroPython (test vectors:
// tests/deal_vectors.json, checked by tests/test_deal_js.py).  Cards are ints 0-51:
// suit * 13 + rank, suits S H D C, ranks 2..A; codes like "QS", "TC".

const MASK64 = (1n << 64n) - 1n;

/** One splitmix64 step: [newState, output], both unsigned 64-bit BigInts. */
export function splitmix64(state) {
  state = (state + 0x9E3779B97F4A7C15n) & MASK64;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
  return [state, z ^ (z >> 31n)];
}

/** The 52 cards in the order the seed (a Number, BigInt or decimal string) shuffles them. */
export function shuffledDeck(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    let out;
    [state, out] = splitmix64(state);
    const j = Number(out % BigInt(i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** Four hands of 13 card ints (sorted ascending), seat 0 first. */
export function dealHands(seed) {
  const deck = shuffledDeck(seed);
  return [0, 1, 2, 3].map((k) => deck.slice(13 * k, 13 * k + 13).sort((a, b) => a - b));
}

/** The deal seed (a BigInt) of hand `handNumber` (0-based) of a match dealt from `matchSeed`. */
export function handSeed(matchSeed, handNumber) {
  let state = BigInt.asUintN(64, BigInt(matchSeed));
  let out = 0n;
  for (let n = 0; n <= handNumber; n++) [state, out] = splitmix64(state);
  return out;
}

/** The code of a card int: "QS", "TC", "2H". */
export function cardCode(card) {
  return "23456789TJQKA"[card % 13] + "SHDC"[Math.floor(card / 13)];
}
