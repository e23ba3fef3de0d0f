import { ChevronLeft, ChevronRight, Home, Inbox, LogOut, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Card, cardVariants, choiceCardVariants, thumbnailVariants } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { IconButton } from "~/ui/icon-button";
import { Input, Select, Textarea } from "~/ui/input";
import { menuItemVariants } from "~/ui/menu";
import { Spinner } from "~/ui/spinner";
import { Switch } from "~/ui/switch";
import { Toast } from "~/ui/toast";
import { ToggleChip, toggleChipVariants } from "~/ui/toggle-chip";
import type { Route } from "./+types/ui";

/** /dev/ui: every primitive of app/ui in every state. Development builds only. */
export function loader() {
  if (env().isProduction) notFound();
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "UI kit | Rentwell" }, { name: "robots", content: "noindex" }];

const VARIANTS = ["primary", "secondary", "outline", "ghost", "danger"] as const;
const SIZES = ["sm", "md", "lg"] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `ui-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 py-8">
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function UiKit() {
  const [toastCount, setToastCount] = useState(0);
  const [chip, setChip] = useState("europe");
  const [switchOn, setSwitchOn] = useState(true);
  const [softOn, setSoftOn] = useState(false);
  const [step, setStep] = useState(0);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 pb-28 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">UI kit</h1>
      <p className="mt-2 text-slate-600">Every primitive in app/ui, in every state. Shown in development builds only.</p>

      <Section title="Button">
        <div className="space-y-3">
          {VARIANTS.map((variant) => (
            <div key={variant} className="flex flex-wrap items-center gap-3">
              {SIZES.map((size) => (
                <Button key={size} variant={variant} size={size}>
                  {variant} {size}
                </Button>
              ))}
              <Button variant={variant} disabled>
                disabled
              </Button>
              <Button variant={variant} pending pendingText="Saving…">
                Save
              </Button>
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-800 p-4">
            <Button variant="inverse">inverse (on dark)</Button>
            <Button variant="inverse" pending>
              inverse pending
            </Button>
            <Button variant="inverseOutline">inverseOutline</Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <a href="#ui-button" className={buttonVariants({ variant: "secondary", size: "md" })}>
              A link that looks like a button
            </a>
            <Button block>Full width (block)</Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" pill>
              Pill (header)
            </Button>
            <Button variant="link" size="text">
              <Plus className="h-4 w-4" aria-hidden="true" /> Link-style action
            </Button>
            <Button variant="link" size="text" disabled>
              Link-style, disabled
            </Button>
          </div>
        </div>
      </Section>

      <Section title="ToggleChip">
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Region (demo)">
            {["europe", "asia", "americas"].map((region) => (
              <ToggleChip key={region} selected={chip === region} onClick={() => setChip(region)} className="capitalize">
                {region}
              </ToggleChip>
            ))}
            <ToggleChip selected={false} disabled>
              Disabled
            </ToggleChip>
          </div>
          <div className="flex flex-wrap gap-2">
            <ToggleChip selected size="sm">
              Small, selected
            </ToggleChip>
            <ToggleChip selected={false} size="sm">
              Small
            </ToggleChip>
            <a href="#ui-togglechip" aria-current="page" className={toggleChipVariants({ selected: true })}>
              A link chip (current page)
            </a>
            <a href="#ui-togglechip" className={toggleChipVariants({ selected: false })}>
              A link chip
            </a>
          </div>
        </div>
      </Section>

      <Section title="IconButton">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            {(["ghost", "secondary", "danger"] as const).map((variant) =>
              (["sm", "md", "lg"] as const).map((size) => (
                <IconButton key={`${variant}-${size}`} variant={variant} size={size} label={`${variant} ${size}`}>
                  {variant === "danger" ? <Trash2 aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                </IconButton>
              )),
            )}
            <IconButton variant="secondary" label="Disabled" disabled>
              <ChevronLeft aria-hidden="true" />
            </IconButton>
          </div>
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-800 p-4">
            <IconButton variant="inverse" label="Previous (on dark)">
              <ChevronLeft aria-hidden="true" />
            </IconButton>
            <IconButton variant="inverse" label="Next (on dark)">
              <ChevronRight aria-hidden="true" />
            </IconButton>
            <IconButton variant="inverse" label="Disabled (on dark)" disabled>
              <ChevronRight aria-hidden="true" />
            </IconButton>
            <IconButton variant="overlay" label="Overlay (on a photo)">
              <ChevronRight aria-hidden="true" />
            </IconButton>
          </div>
        </div>
      </Section>

      <Section title="Switch">
        <div className="flex flex-wrap items-center gap-3">
          <Switch checked={switchOn} onCheckedChange={setSwitchOn} aria-label="Available for booking (demo)">
            {switchOn ? "Available" : "Unavailable"}
          </Switch>
          <Switch checked={softOn} onCheckedChange={setSoftOn} tone="soft" size="sm" aria-label="Published (demo)">
            {softOn ? "Published" : "Draft"}
          </Switch>
          <Switch checked tone="soft" size="sm" disabled aria-label="Disabled on">
            Available
          </Switch>
          <Switch checked={false} disabled aria-label="Disabled off">
            Unavailable
          </Switch>
        </div>
      </Section>

      <Section title="Menu item">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
            <a href="#ui-menu-item" className={menuItemVariants({ size: "sm" })}>
              Dropdown item (sm)
            </a>
            <a href="#ui-menu-item" data-highlighted="" className={menuItemVariants({ size: "sm" })}>
              Highlighted by the keyboard
            </a>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-1.5">
            <a href="#ui-menu-item" className={menuItemVariants({ size: "lg" })}>
              Phone row (lg)
            </a>
            <button type="button" className={menuItemVariants({ size: "lg" })}>
              <LogOut className="h-4 w-4" aria-hidden="true" /> A button row
            </button>
          </div>
        </div>
      </Section>

      <Section title="Field, Input, Textarea, Select">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Plain">
            <Input name="plain" placeholder="Placeholder" />
          </Field>
          <Field label="Required with a hint" required hint="A hint says what goes here.">
            <Input name="hinted" />
          </Field>
          <Field label="With an error" error="Please enter your name.">
            <Input name="invalid" defaultValue="x" />
          </Field>
          <Field label="Disabled">
            <Input name="disabled" disabled defaultValue="Cannot change" />
          </Field>
          <Field label="Textarea" hint="Several lines.">
            <Textarea name="text" rows={3} />
          </Field>
          <Field label="Textarea with an error" error="Please enter a message.">
            <Textarea name="text-invalid" rows={3} />
          </Field>
          <Field label="Select">
            <Select name="select" defaultValue="b">
              <option value="a">Option A</option>
              <option value="b">Option B</option>
            </Select>
          </Field>
          <Field label="Select with an error" error="Please choose a subject.">
            <Select name="select-invalid" defaultValue="">
              <option value="" disabled>
                Choose one
              </option>
              <option value="a">Option A</option>
            </Select>
          </Field>
        </div>
      </Section>

      <Section title="Checkbox">
        <div className="space-y-3">
          <Checkbox name="unchecked" label="Unchecked" />
          <Checkbox name="checked" label="Checked" defaultChecked />
          <Checkbox name="hinted" label="With a hint" hint="Explains the choice." />
          <Checkbox name="disabled" label="Disabled" disabled />
        </div>
      </Section>

      <Section title="Alert">
        <div className="space-y-3">
          <Alert tone="error">Failed to fetch spaces</Alert>
          <Alert tone="error" title="Payment Failed">
            Your payment was not successful, please try again.
          </Alert>
          <Alert tone="success">Listing saved.</Alert>
          <Alert tone="info">Test mode: no real card is charged.</Alert>
        </div>
      </Section>

      <Section title="Dialog">
        <Dialog>
          <DialogTrigger className={buttonVariants({ variant: "secondary" })}>Open a dialog</DialogTrigger>
          <DialogContent title="A dialog" description="One overlay, one close button, one z-index.">
            <p className="mt-4 text-slate-700">Escape, the close button or a click outside closes it; focus returns to the trigger.</p>
            <div className="mt-6 flex justify-end">
              <DialogClose className={buttonVariants()}>Done</DialogClose>
            </div>
          </DialogContent>
        </Dialog>
        <Dialog>
          <DialogTrigger className={buttonVariants({ variant: "secondary", className: "ml-3" })}>Open a sheet</DialogTrigger>
          <DialogContent title="A bottom sheet on phones" placement="sheet" size="lg">
            <p className="mt-4 text-slate-700">Centred from the small breakpoint up.</p>
          </DialogContent>
        </Dialog>
      </Section>

      <Section title="Avatar">
        <div className="flex flex-wrap items-end gap-4">
          <Avatar src="/demo/avatar-1.webp" size="sm" />
          <Avatar src="/demo/avatar-1.webp" size="md" />
          <Avatar src="/demo/avatar-1.webp" size="lg" />
          <Avatar src="/demo/avatar-1.webp" size="xl" alt="Maya Chen" />
          <Avatar src={null} size="lg" />
          <Avatar src="/demo/does-not-exist.webp" size="lg" alt="Broken picture" />
        </div>
      </Section>

      <Section title="Badge">
        <div className="flex flex-wrap gap-2">
          <Badge>Neutral</Badge>
          <Badge tone="brand">Admin account</Badge>
          <Badge tone="success">Available</Badge>
          <Badge tone="warning">Under Maintenance</Badge>
          <Badge tone="danger">Unavailable</Badge>
          <Badge tone="solid">Cover</Badge>
        </div>
      </Section>

      <Section title="Card">
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <h3 className="font-semibold text-slate-900">A card</h3>
            <p className="mt-1 text-slate-600">Default padding.</p>
          </Card>
          <Card padding="lg">
            <h3 className="font-semibold text-slate-900">A roomier card</h3>
            <p className="mt-1 text-slate-600">Large padding.</p>
          </Card>
          <div className={cardVariants({ className: "flex gap-4" })}>
            <Home aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
            <p className="text-slate-600">cardVariants on another element (a list item, a tile).</p>
          </div>
        </div>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Choice cards (demo)">
          {["A chosen step", "Another step"].map((title, index) => (
            <li key={title}>
              <button type="button" aria-current={step === index ? "step" : undefined} onClick={() => setStep(index)} className={choiceCardVariants({ selected: step === index })}>
                <span className="font-semibold text-slate-900">{title}</span>
              </button>
            </li>
          ))}
        </ol>
        <ul className="mt-4 flex gap-2" aria-label="Thumbnails (demo)">
          {[0, 1].map((position) => (
            <li key={position}>
              <button type="button" aria-label={`Show photo ${position + 1}`} aria-current={position === 0 ? "true" : undefined} className={thumbnailVariants({ selected: position === 0 })}>
                <img src="/demo/avatar-1.webp" alt="" width={96} height={64} className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="EmptyState">
        <div className="grid gap-4 sm:grid-cols-2">
          <EmptyState
            headingLevel={3}
            icon={<Inbox className="size-8" />}
            title="No Bookings Yet"
            description="When you book a space it shows up here."
            action={
              <a href="#ui-emptystate" className={buttonVariants()}>
                Explore spaces
              </a>
            }
          />
          <EmptyState headingLevel={3} icon={<Home className="size-8" />} title="No Active Listings" />
        </div>
      </Section>

      <Section title="Spinner">
        <div className="flex items-center gap-6 text-slate-700">
          <Spinner />
          <Spinner className="size-6 text-brand-600" />
          <Spinner label="Loading spaces..." />
        </div>
      </Section>

      <Section title="Toast">
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setToastCount((count) => count + 1)}>
            Show a toast
          </Button>
        </div>
        {toastCount > 0 && <Toast key={toastCount} toast={{ tone: "success", message: `Listing saved. (${toastCount})` }} />}
      </Section>
    </div>
  );
}
