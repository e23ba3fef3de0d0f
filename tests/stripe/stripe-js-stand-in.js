// Used by tests/stripe/browser-check.ts only.
// A stand-in for Stripe.js (the machine cannot reach js.stripe.com): draws a fake Payment
// Element and confirms by calling api.stripe.com, which the screenshot script answers.
(function () {
  function Stripe() {
    var clientSecret = null;
    return {
      _registerWrapper: function () {},
      createToken: function () {},
      createPaymentMethod: function () {},
      confirmCardPayment: function () {},
      registerAppInfo: function () {},
      elements: function (options) {
        clientSecret = options && options.clientSecret;
        var els = {
          update: function () {},
          getElement: function () { return null; },
          submit: function () { return Promise.resolve({}); },
          create: function (type) {
            var handlers = {};
            var node = null;
            var el = {
              mount: function (target) {
                node = typeof target === "string" ? document.querySelector(target) : target;
                node.innerHTML = '<div style="border:1px solid #cbd5e1;border-radius:8px;padding:12px;font:14px system-ui"><div style="display:flex;gap:8px;margin-bottom:8px"><span style="border:2px solid #0d8472;border-radius:6px;padding:6px 10px">Card</span><span style="border:1px solid #cbd5e1;border-radius:6px;padding:6px 10px">Bank</span></div><label>Card number<div style="border:1px solid #cbd5e1;border-radius:6px;padding:8px;margin:4px 0 8px">4242 4242 4242 4242</div></label><div style="display:flex;gap:8px"><label style="flex:1">Expiration<div style="border:1px solid #cbd5e1;border-radius:6px;padding:8px">12 / 30</div></label><label style="flex:1">CVC<div style="border:1px solid #cbd5e1;border-radius:6px;padding:8px">123</div></label></div><p style="color:#64748b;margin-top:8px">(stand-in for Stripe\'s Payment Element)</p></div>';
                setTimeout(function () { (handlers.ready || []).forEach(function (fn) { fn({ elementType: type }); }); }, 50);
              },
              on: function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); return el; },
              off: function () { return el; },
              update: function () {},
              destroy: function () { if (node) node.innerHTML = ""; },
              unmount: function () {},
            };
            return el;
          },
        };
        return els;
      },
      confirmPayment: function () {
        var id = clientSecret.split("_secret_")[0];
        return fetch("https://api.stripe.com/v1/payment_intents/" + id + "/confirm", { method: "POST" })
          .then(function (r) { return r.json(); })
          .then(function (body) { return body.error ? { error: body.error } : { paymentIntent: body }; });
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
