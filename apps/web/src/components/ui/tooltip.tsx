import { Tooltip as RadixTooltip } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';

/** True below a TooltipProvider: a tooltip there shares it rather than bringing its own. */
const Provided = createContext(false);

export function TooltipProvider({ children, ...props }: ComponentProps<typeof RadixTooltip.Provider>) {
  return (
    <Provided.Provider value={true}>
      <RadixTooltip.Provider {...props}>{children}</RadixTooltip.Provider>
    </Provided.Provider>
  );
}

/**
 * The tooltips inside share one provider (once one has shown, the next shows without the delay), unless a
 * provider above gives them one already. Tooltips live only on the screens that use them, so the app shell
 * (and the first screen) loads none of their code.
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  return useContext(Provided) ? children : <TooltipProvider delayDuration={200}>{children}</TooltipProvider>;
}

export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <TooltipGroup>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </TooltipGroup>
  );
}
