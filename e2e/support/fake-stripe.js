/* global document, window */
/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com by the browser tests (which have no
 * internet and no Stripe account). It implements only what @stripe/react-stripe-js and the card form use:
 * one card element (a plain input that reports `complete` at 16 digits) and createPaymentMethod, which
 * answers pm_fake_<last4>, or Stripe's error shape for the expired test card 4000 0000 0000 0069.
 */
(function () {
  function Stripe() {
    var handlers = {};
    var input = null;
    var emit = function (event, payload) {
      (handlers[event] || []).forEach(function (handler) {
        handler(payload);
      });
    };
    var digits = function () {
      return input ? input.value.replace(/\D/g, '') : '';
    };
    var card = {
      mount: function (node) {
        var target = typeof node === 'string' ? document.querySelector(node) : node;
        input = document.createElement('input');
        input.setAttribute('aria-label', 'Stripe card');
        input.addEventListener('input', function () {
          emit('change', { elementType: 'card', empty: digits().length === 0, complete: digits().length === 16 });
        });
        target.appendChild(input);
        emit('ready', card);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return card;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (candidate) {
          return candidate !== handler;
        });
        return card;
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      unmount: function () {},
      destroy: function () {
        if (input) input.remove();
      },
    };
    var elements = {
      create: function () {
        return card;
      },
      getElement: function () {
        return input ? card : null;
      },
      update: function () {},
    };
    return {
      elements: function () {
        return elements;
      },
      createToken: function () {},
      confirmCardPayment: function () {},
      createPaymentMethod: function (options) {
        if (!options || options.card !== card) return Promise.resolve({ error: { message: 'No card element' } });
        if (digits() === '4000000000000069') return Promise.resolve({ error: { message: 'Your card has expired.' } });
        return Promise.resolve({ paymentMethod: { id: 'pm_fake_' + digits().slice(-4) } });
      },
      _registerWrapper: function () {},
    };
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
