"""Short synthesized sounds (WebAudio, no audio files): a card played, the pig captured, hearts, end of hand,
and the player's turn come while the page is hidden.

The audio context is created on the first user gesture (browsers refuse sound before one);
until then, and whenever sound is off, every call is silent. Nothing here touches the DOM.
"""

from pyscript import window


class Sound:
    """The page's sound effects; `enabled` follows the sound setting."""

    def __init__(self):
        self.enabled = True
        self.allowed = False
        self._ctx = None

    def unlock(self):
        """Called on a user gesture: from now on sounds may play."""
        self.allowed = True

    def _context(self):
        if not (self.enabled and self.allowed):
            return None
        if self._ctx is None:
            try:
                self._ctx = window.AudioContext.new()
            except Exception:
                self.allowed = False
                return None
        return self._ctx

    def _tone(self, ctx, freq, start, duration, wave="sine", gain=0.12, slide=None):
        osc = ctx.createOscillator()
        amp = ctx.createGain()
        osc.type = wave
        begin = ctx.currentTime + start
        osc.frequency.setValueAtTime(freq, begin)
        if slide:
            osc.frequency.exponentialRampToValueAtTime(slide, begin + duration)
        amp.gain.setValueAtTime(0.0001, begin)
        amp.gain.exponentialRampToValueAtTime(gain, begin + 0.012)
        amp.gain.exponentialRampToValueAtTime(0.0001, begin + duration)
        osc.connect(amp)
        amp.connect(ctx.destination)
        osc.start(begin)
        osc.stop(begin + duration + 0.03)

    def _play(self, notes):
        ctx = self._context()
        if ctx is None:
            return
        try:
            for note in notes:
                self._tone(ctx, *note)
        except Exception:
            pass

    def card(self):
        """A soft snap: a card lands on the felt."""
        self._play([(520, 0, 0.05, "triangle", 0.08, 260)])

    def pig(self):
        """A low grunt: someone took the pig."""
        self._play([(190, 0, 0.18, "sawtooth", 0.07, 120), (170, 0.2, 0.22, "sawtooth", 0.06, 100)])

    def hearts(self):
        """Two soft notes: hearts were taken."""
        self._play([(660, 0, 0.12, "sine", 0.07), (880, 0.09, 0.16, "sine", 0.06)])

    def your_turn(self):
        """Two rising notes: the table waits for you (played only while the page is in the background)."""
        self._play([(698, 0, 0.14, "sine", 0.09), (1047, 0.12, 0.24, "sine", 0.08)])

    def hand_end(self):
        """A little arpeggio: the hand is over."""
        self._play([(523, 0, 0.2, "sine", 0.08), (659, 0.12, 0.2, "sine", 0.08), (784, 0.24, 0.35, "sine", 0.08)])
