import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { inputClass } from './field';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(inputClass, 'min-h-32 resize-y leading-relaxed dark:text-stone-100', className)} {...props} />;
});
