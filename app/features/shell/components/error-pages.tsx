import { Link } from "react-router";

/** docs/product.md#app-error: the whole app sits in this error boundary. */
export function SomethingWentWrong() {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-slate-600">We're sorry, but something went wrong. Please try refreshing the page.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Refresh Page
      </button>
    </section>
  );
}

export function PageNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Go to the home page
        </Link>
        <Link to="/explore" className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50">
          Explore listings
        </Link>
      </div>
    </section>
  );
}
