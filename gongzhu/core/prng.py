"""CPython's ``random.Random`` (the Mersenne Twister, MT19937) in pure Python, number for number.

MicroPython's ``random`` has no ``Random`` class, so on MicroPython the core's generator is
this one (``portable.Random``); on CPython and Pyodide it is ``random.Random`` itself, which is
faster.  Because both draw the same numbers from the same integer seed, a bot decides the same
cards in every runtime.  Only what the engine and the bots call is here: integer seeds,
``random``, ``getrandbits``, ``randbytes``, ``randrange``, ``randint``, ``choice``, ``shuffle``,
``sample``, ``getstate`` and ``setstate``.  tests/test_prng.py compares each with
``random.Random`` over many seeds.

>>> import random
>>> MersenneTwister(7).random() == random.Random(7).random()
True
"""

_N = 624
_M = 397
_MASK = 0xFFFFFFFF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MAG = (0, 0x9908B0DF)


def _bits(n):
    """``bit_length(n)`` for n >= 0 (MicroPython's int has no bit_length)."""
    return len(bin(n)) - 2 if n else 0


class MersenneTwister:
    """A generator drawing exactly what ``random.Random(seed)`` draws, for integer seeds."""

    def __init__(self, seed=None):
        if seed is None:
            import random

            seed = random.getrandbits(32)
        self.seed(seed)

    def seed(self, a):
        """Seed from an integer, as CPython does: the 32-bit words of ``abs(a)``, lowest first."""
        if not isinstance(a, int):
            raise TypeError("the portable generator takes an integer seed, not %s" % type(a).__name__)
        a = abs(a)
        key = []
        while a:
            key.append(a & _MASK)
            a >>= 32
        self._init_by_array(key or [0])

    def _init_by_array(self, key):
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._mt = mt
        self._index = _N

    def _twist(self):
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & _UPPER) | (mt[(k + 1) % _N] & _LOWER)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ _MAG[y & 1]
        self._index = 0

    def _next32(self):
        """The next 32-bit output (``genrand_uint32``)."""
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def random(self):
        """A float in [0, 1) with 53 random bits."""
        a = self._next32() >> 5
        b = self._next32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        """An integer of ``k`` random bits: 32-bit words, lowest first, the last one cut down."""
        if k <= 32:
            return self._next32() >> (32 - k) if k > 0 else 0
        x = 0
        shift = 0
        while k > 0:
            r = self._next32()
            if k < 32:
                r >>= 32 - k
            x |= r << shift
            shift += 32
            k -= 32
        return x

    def randbytes(self, n):
        """``n`` random bytes (``getrandbits(8 * n)``, little-endian)."""
        return self.getrandbits(n * 8).to_bytes(n, "little")

    def _randbelow(self, n):
        k = _bits(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None):
        """A random integer in ``range(start)`` or ``range(start, stop)`` (step 1)."""
        if stop is None:
            if start <= 0:
                raise ValueError("empty range for randrange()")
            return self._randbelow(start)
        if stop <= start:
            raise ValueError("empty range for randrange()")
        return start + self._randbelow(stop - start)

    def randint(self, a, b):
        """A random integer in [a, b]."""
        return self.randrange(a, b + 1)

    def choice(self, seq):
        """A random element of a non-empty sequence."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        """Shuffle a list in place (Fisher-Yates from the end, as CPython)."""
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        """``k`` distinct elements of a sequence, in selection order (CPython's two methods)."""
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            power = 1  # 4 ** ceil(log(3k, 4)): 3k is never a power of 4
            while power < k * 3:
                power *= 4
            setsize += power
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def getstate(self):
        """The generator's state, for ``setstate`` (this class's own form, not CPython's)."""
        return (tuple(self._mt), self._index)

    def setstate(self, state):
        """Restore a state from ``getstate``."""
        self._mt = list(state[0])
        self._index = state[1]
