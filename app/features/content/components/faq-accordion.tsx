import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";

/** An FAQ where one answer is open at a time (Radix Accordion, keyboard accessible). */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly { question: string; answer: string }[];
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const _ = useTranslate();
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <Heading className="m-0">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-slate-900 hover:bg-slate-50">
                {_(item.question)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-4 text-slate-600">
            {_(item.answer)}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
